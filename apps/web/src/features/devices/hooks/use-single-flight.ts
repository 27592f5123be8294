import { useCallback, useRef } from 'react';

/**
 * Runs `start` unless the previous run is still under way, so that a double tap sends one
 * request. A pending mutation disables its button, but only from the next render on; this guard
 * holds from the first tap.
 */
export function useSingleFlight(): (start: () => Promise<unknown>) => void {
  const busy = useRef(false);
  return useCallback((start: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    start()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
