import { StrictMode, useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider.tsx';

/** Runs once the first commit is done: for a hydrated page, once the app holds the page's elements. */
function AfterFirstCommit({ onCommit }: { onCommit?: (() => void) | undefined }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return null;
}

/**
 * The whole app around its router: the one tree that the build renders into a prerendered page and
 * that the browser hydrates over it (decision 034). Both sides must build it the same way, or React
 * cannot keep the page's elements (and what was typed into them).
 */
export function appElement(queryClient: QueryClient, router: ReactNode, onCommit?: () => void): ReactNode {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {router}
        <AfterFirstCommit onCommit={onCommit} />
      </AppProvider>
    </StrictMode>
  );
}
