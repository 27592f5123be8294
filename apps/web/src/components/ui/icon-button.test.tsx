import { act, fireEvent, render, screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IconButton } from './icon-button.tsx';

afterEach(() => vi.useRealTimers());

describe('IconButton (§4 tooltip on icon-only controls)', () => {
  it('is named by its label and says what it does in a tooltip after 700 ms', async () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(
      <IconButton label="Remove GPS-0042" tooltip="Remove from the list" onClick={onClick}>
        <Trash2 aria-hidden />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Remove GPS-0042' });
    fireEvent.pointerMove(button, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(690));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Remove from the list');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
