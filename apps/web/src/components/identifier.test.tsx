import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Identifier } from './identifier.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Identifier', () => {
  it('shows the VIN in groups that never break, and copies it without the gaps', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const { container } = render(<Identifier value="15GGD2716D1182194" kind="vin" label="VIN" />);
    const text = container.querySelector('[data-identifier]');
    expect(text).toHaveClass('font-mono', 'whitespace-nowrap');
    expect([...(text?.children ?? [])].map((g) => g.textContent)).toEqual(['15G', 'GD2716', 'D1182194']);
    expect(text?.textContent).toBe('15GGD2716D1182194');
    await user.click(screen.getByRole('button', { name: 'Copy VIN' }));
    expect(writeText).toHaveBeenCalledWith('15GGD2716D1182194');
    expect(await screen.findByRole('button', { name: 'VIN copied' })).toBeInTheDocument();
  });
});
