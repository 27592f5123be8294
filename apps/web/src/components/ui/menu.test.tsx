import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogOut, Menu as MenuIcon, Users } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from './menu.tsx';

afterEach(() => vi.useRealTimers());

const items = (onLogout: () => void) => [
  { icon: Users, label: 'Select Client', onSelect: () => undefined },
  { icon: LogOut, label: 'Logout', onSelect: onLogout },
];

describe('Menu', () => {
  it('carries its name as a tooltip', async () => {
    vi.useFakeTimers();
    render(<Menu label="Menu" icon={MenuIcon} variant="ghost" items={items(() => undefined)} />);
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Menu' }), { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(710));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Menu');
  });

  it('opens on the first press, its code loaded on the way, and runs the chosen entry', async () => {
    const onLogout = vi.fn();
    render(<Menu label="Workspace menu" icon={MenuIcon} variant="outline" items={items(onLogout)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Workspace menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard and keeps the focus on its button', async () => {
    render(<Menu label="Menu" icon={MenuIcon} variant="ghost" items={items(() => undefined)} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Select Client' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });
});
