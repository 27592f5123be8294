import type { Device } from '@toolkit/contracts/devices.ts';

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts neutralised. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Device status as reports print it: type Other never reads offline (§4). */
export const deviceStatusText = (d: Device) => (d.type === 'Other' ? 'non-reporting' : d.status);

/** The device status CSV: one row per device, then the counts by status and by type. */
export function deviceStatusCsv(devices: readonly Device[]): string {
  const parts = [csvLine(['Device', 'Type', 'Vehicle', 'Status', 'Last seen'])];
  for (const d of devices)
    parts.push(csvLine([d.deviceId, d.type, d.vehicleLabel, deviceStatusText(d), d.lastHeartbeat]));
  parts.push('\r\n', csvLine(['Status', 'Count']));
  for (const [status, n] of countBy(devices, deviceStatusText)) parts.push(csvLine([status, n]));
  parts.push('\r\n', csvLine(['Type', 'Count']));
  for (const [type, n] of countBy(devices, (d) => d.type)) parts.push(csvLine([type, n]));
  return parts.join('');
}

export const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
