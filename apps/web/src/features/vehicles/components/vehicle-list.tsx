import { useCallback, useEffect, useState } from 'react';
import { useWindowRange } from '../hooks/use-window-range.ts';
import type { VehicleListItem } from '../utils/vehicle-list.ts';
import { rowOffset, totalHeight, type WindowLayout } from '../utils/windowing.ts';
import type { VehicleAction } from './vehicle-details.tsx';
import { ROW_HEIGHT, VehicleRow } from './vehicle-row.tsx';

/** A first guess at an expanded row's height, until it is measured. */
const EXPANDED_ESTIMATE = 460;

type VehicleListProps = {
  rows: readonly VehicleListItem[];
  onAction: (action: VehicleAction, vehicle: VehicleListItem) => void;
};

/**
 * The vehicle rows, windowed: only the rows on screen (plus a few) are in the DOM; padding stands in
 * for the others. Collapsed rows have a fixed height; the one expanded row is measured.
 */
export function VehicleList({ rows, onAction }: VehicleListProps) {
  const [listEl, setListEl] = useState<HTMLUListElement | null>(null);
  const [expandedKey, setExpandedKey] = useState<string | null>(null);
  const [expandedEl, setExpandedEl] = useState<HTMLLIElement | null>(null);
  const [expandedHeight, setExpandedHeight] = useState(EXPANDED_ESTIMATE);

  const found = expandedKey === null ? -1 : rows.findIndex((r) => r.rowKey === expandedKey);
  const expandedIndex = found < 0 ? null : found;
  const layout: WindowLayout = { count: rows.length, rowHeight: ROW_HEIGHT, expandedIndex, expandedHeight };
  const { start, end } = useWindowRange(listEl, layout);

  useEffect(() => {
    if (!expandedEl) return;
    const observer = new ResizeObserver(() =>
      setExpandedHeight(Math.max(ROW_HEIGHT, expandedEl.offsetHeight)),
    );
    observer.observe(expandedEl);
    return () => observer.disconnect();
  }, [expandedEl]);

  const onToggle = useCallback(
    (rowKey: string) => setExpandedKey((current) => (current === rowKey ? null : rowKey)),
    [],
  );

  if (rows.length === 0) {
    return (
      <p className="rounded-xl border-2 border-dashed border-border p-6 text-center text-lg font-semibold">
        No vehicles found
      </p>
    );
  }

  return (
    <ul
      ref={setListEl}
      aria-label="Vehicles"
      style={{
        paddingTop: rowOffset(layout, start),
        paddingBottom: totalHeight(layout) - rowOffset(layout, end),
      }}
    >
      {rows.slice(start, end).map((vehicle, i) => {
        const expanded = vehicle.rowKey === expandedKey;
        return (
          <VehicleRow
            key={vehicle.rowKey}
            ref={expanded ? setExpandedEl : undefined}
            vehicle={vehicle}
            position={start + i + 1}
            setSize={rows.length}
            expanded={expanded}
            onToggle={onToggle}
            onAction={onAction}
          />
        );
      })}
    </ul>
  );
}
