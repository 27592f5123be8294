import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip.tsx';

afterEach(() => vi.useRealTimers());

describe('Tooltip (§9)', () => {
  it('opens 700 ms after the pointer rests on it and closes when it leaves', async () => {
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
    expect(trigger).toHaveAccessibleDescription('Signal strength');
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens at once on keyboard focus and closes on Escape', () => {
    render(
      <Tooltip content="Copy VIN">
        <button type="button">Copy</button>
      </Tooltip>,
    );
    act(() => screen.getByRole('button', { name: 'Copy' }).focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copy VIN');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens at once within 300 ms of another closing, never for a touch', async () => {
    vi.useFakeTimers();
    render(
      <>
        <Tooltip content="First">
          <button type="button">One</button>
        </Tooltip>
        <Tooltip content="Second">
          <button type="button">Two</button>
        </Tooltip>
      </>,
    );
    const one = screen.getByRole('button', { name: 'One' });
    const two = screen.getByRole('button', { name: 'Two' });
    fireEvent.pointerMove(two, { pointerType: 'touch' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerMove(one, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(screen.getByRole('tooltip')).toHaveTextContent('First');
    fireEvent.pointerLeave(one, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.pointerMove(two, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second');
  });
});
