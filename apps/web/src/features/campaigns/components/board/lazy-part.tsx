import { useEffect, useState, type ReactNode } from 'react';
import { ErrorState } from '../../../../components/feedback/error-state.tsx';
import { useLazyModule, type LazyModule } from '../../../../lib/lazy-module.ts';

type LazyPartProps<T> = {
  module: LazyModule<T>;
  /** What the part shows, for 'Error loading {what}. Check the connection and try again.' */
  what: string;
  /** Shown until its code is in. */
  fallback: ReactNode;
  children: (module: T) => ReactNode;
};

/**
 * A part of the board whose code loads by itself once the board is there (if the route has not
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
      console.warn('Could not load part of the board', error);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [module, attempt]);
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
