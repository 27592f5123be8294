import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevicesToolbar } from './devices-toolbar.tsx';

afterEach(() => vi.useRealTimers());

const noop = () => undefined;

describe('DevicesToolbar tooltips (§4, §9)', () => {
  it('names each icon-only control and explains it in a tooltip after 700 ms', async () => {
    vi.useFakeTimers();
    render(
      <DevicesToolbar
        search=""
        onSearch={noop}
        counts={{ total: 0, types: [] }}
        typeFilter="all"
        onTypeFilter={noop}
        sortKey="name"
        onSortKey={noop}
        direction="asc"
        onToggleDirection={noop}
        view="list"
        onView={noop}
      />,
    );
    const sort = screen.getByRole('button', { name: 'Sort ascending' });
    fireEvent.pointerMove(sort, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(690));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Sort ascending');

    // Within the 300 ms skip window the next control's tooltip opens at once.
    for (const name of ['List view', 'Cards view']) {
      fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.getByRole('tooltip')).toHaveTextContent(name);
    }
  });
});
