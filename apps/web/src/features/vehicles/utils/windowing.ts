/** Simple list windowing: fixed-height rows, with one expanded row of measured height. */
export interface WindowLayout {
  count: number;
  rowHeight: number;
  expandedIndex: number | null;
  expandedHeight: number;
}

export function rowOffset(layout: WindowLayout, index: number): number {
  const { rowHeight, expandedIndex, expandedHeight } = layout;
  const base = index * rowHeight;
  return expandedIndex !== null && index > expandedIndex ? base + expandedHeight - rowHeight : base;
}

export function totalHeight(layout: WindowLayout): number {
  return rowOffset(layout, layout.count);
}

/** The index of the row covering `y` (clamped to the list). */
export function indexAt(layout: WindowLayout, y: number): number {
  const { count, rowHeight, expandedIndex, expandedHeight } = layout;
  if (count === 0 || y <= 0) return 0;
  let index: number;
  if (expandedIndex === null || y < expandedIndex * rowHeight) {
    index = Math.floor(y / rowHeight);
  } else {
    const afterExpanded = y - (expandedIndex * rowHeight + expandedHeight);
    index = afterExpanded < 0 ? expandedIndex : expandedIndex + 1 + Math.floor(afterExpanded / rowHeight);
  }
  return Math.min(count - 1, index);
}

/** Rows to render for a viewport from `top` to `top + height` (list coordinates), with overscan. */
export function visibleRange(
  layout: WindowLayout,
  top: number,
  height: number,
  overscan: number,
): { start: number; end: number } {
  if (layout.count === 0) return { start: 0, end: 0 };
  const first = indexAt(layout, top);
  const last = indexAt(layout, top + Math.max(height, 0));
  const start = Math.max(0, first - overscan);
  const end = Math.min(layout.count, last + 1 + overscan);
  return { start, end };
}
