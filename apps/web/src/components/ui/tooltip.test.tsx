import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

afterEach(() => vi.useRealTimers());

describe('Tooltip (§9)', () => {
  it('opens 700 ms after the pointer rests on it, without a provider around it', async () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Signal strength">
        <button type="button">RSSI</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'RSSI' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(690));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Signal strength');
  });

  it('renders inside a screen-wide provider', () => {
    render(
      <TooltipProvider>
        <Tooltip content="First">
          <button type="button">One</button>
        </Tooltip>
        <Tooltip content="Second">
          <button type="button">Two</button>
        </Tooltip>
      </TooltipProvider>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });
});
