import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs after a short delay where there is no requestIdleCallback, unless cancelled', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const cancelled = vi.fn();
    whenIdle(run);
    whenIdle(cancelled)();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('uses requestIdleCallback with the timeout where there is one', () => {
    const requestIdleCallback = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const run = vi.fn();
    whenIdle(run, 300);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 300 });
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits for the page to load first', () => {
    vi.useFakeTimers();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const run = vi.fn();
    afterLoadWhenIdle(run);
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledOnce();
    readyState.mockRestore();
  });
});
