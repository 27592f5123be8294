import { useCallback, useSyncExternalStore } from 'react';
import { visibleRange, type WindowLayout } from '../utils/windowing.ts';

const OVERSCAN = 6;
/** Rows rendered before the list has been measured (first paint, tests without layout). */
const INITIAL_ROWS = 20;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * The rows of a window-scrolled list that are on screen (plus overscan). The snapshot is the range
 * itself, so scrolling re-renders only when a row enters or leaves.
 */
export function useWindowRange(
  listEl: HTMLElement | null,
  layout: WindowLayout,
): { start: number; end: number } {
  const { count, rowHeight, expandedIndex, expandedHeight } = layout;
  const getSnapshot = useCallback(() => {
    const top = listEl ? -listEl.getBoundingClientRect().top : 0;
    const { start, end } = visibleRange(
      { count, rowHeight, expandedIndex, expandedHeight },
      top,
      window.innerHeight,
      OVERSCAN,
    );
    return `${String(start)}:${String(end)}`;
  }, [listEl, count, rowHeight, expandedIndex, expandedHeight]);
  const getServerSnapshot = useCallback(() => `0:${String(Math.min(count, INITIAL_ROWS))}`, [count]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const [start = 0, end = 0] = snapshot.split(':').map(Number);
  return { start, end };
}
