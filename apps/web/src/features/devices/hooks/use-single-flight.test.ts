import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleFlight } from './use-single-flight.ts';

describe('useSingleFlight', () => {
  it('ignores a second start while the first is under way, then allows the next', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let finish: () => void = () => undefined;
    const start = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    result.current(start);
    result.current(start);
    expect(start).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    result.current(start);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('is free again after a failure', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const failing = vi.fn(() => Promise.reject(new Error('503')));
    result.current(failing);
    await act(async () => undefined);
    result.current(failing);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
