import { useEffect, useState, type ReactNode } from 'react';
import { useLazyModule, type LazyModule } from '../../lib/lazy-module.ts';
import { ErrorState } from './error-state.tsx';

type LazyPartProps<T> = {
  module: LazyModule<T>;
  /** What the part shows, for 'Error loading {what}. Check the connection and try again.' */
  what: string;
  /** Shown until its code is in. */
  fallback: ReactNode;
  children: (module: T) => ReactNode;
};

/**
 * A part of a screen whose code loads by itself once the part is to be shown (if nothing has
 * started it already): the fallback until it is in, then the part; a load that fails (no signal
 * before the code was ever fetched) says so, with Try again.
 */
export function LazyPart<T>({ module, what, fallback, children }: LazyPartProps<T>) {
  const [loaded] = useLazyModule(module);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module.current() !== undefined) return;
    let live = true;
    module.load().catch((error: unknown) => {
      console.warn(`Could not load ${what}`, error);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [module, attempt, what]);
  if (loaded !== undefined) return children(loaded);
  if (failed)
    return (
      <ErrorState
        variant="inline"
        title={`Error loading ${what}. Check the connection and try again.`}
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  return fallback;
}
