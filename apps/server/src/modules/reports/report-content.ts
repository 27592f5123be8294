import { DEVICE_TYPES, type Device } from '@toolkit/contracts/devices.ts';

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts neutralised. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Device status as reports print it: type Other never reads offline (§4). */
const deviceStatusText = (d: Pick<Device, 'type' | 'status'>) =>
  d.type === 'Other' ? 'non-reporting' : d.status;

/** An agency's device counts as grouped by the database: one row per type and status. */
type DeviceCountRow = { type: Device['type']; status: Device['status']; n: number };

/** The counts by status (as reports print it, sorted by name) and by type (in §9's order: GPS, Tablet, Router, APC, Other). */
export function deviceCounts(rows: readonly DeviceCountRow[]): {
  byStatus: [string, number][];
  byType: [string, number][];
  total: number;
} {
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const byStatus = new Map<string, number>();
  const byType = new Map<string, number>();
  for (const r of rows) {
    add(byStatus, deviceStatusText(r), r.n);
    add(byType, r.type, r.n);
  }
  const sorted = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  const typeRank = (type: string) => DEVICE_TYPES.findIndex((t) => t === type);
  const typeOrder = [...byType.entries()].sort(([a], [b]) => typeRank(a) - typeRank(b));
  return { byStatus: sorted(byStatus), byType: typeOrder, total: rows.reduce((t, r) => t + r.n, 0) };
}

export const deviceStatusLine = (d: Device) =>
  `${d.deviceId} · ${d.type} · ${d.vehicleLabel ?? 'unassigned'} · ${deviceStatusText(d)} · ${d.lastHeartbeat ?? 'never'}`;

/**
 * The device status CSV as it is written: the header, one row per device a page at a time, then
 * the counts by status and by type.
 */
export async function* deviceStatusCsv(
  pages: AsyncIterable<readonly Device[]>,
  counts: ReturnType<typeof deviceCounts>,
): AsyncGenerator<string> {
  yield csvLine(['Device', 'Type', 'Vehicle', 'Status', 'Last seen']);
  for await (const page of pages)
    yield page
      .map((d) => csvLine([d.deviceId, d.type, d.vehicleLabel, deviceStatusText(d), d.lastHeartbeat]))
      .join('');
  yield '\r\n' + csvLine(['Status', 'Count']) + counts.byStatus.map(([k, n]) => csvLine([k, n])).join('');
  yield '\r\n' + csvLine(['Type', 'Count']) + counts.byType.map(([k, n]) => csvLine([k, n])).join('');
}

export const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
