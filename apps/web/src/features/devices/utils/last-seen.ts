const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 1440;

function toTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** §4 device-list form: Never, Just now, Nm ago, Nh ago, Nd ago. */
export function formatListLastSeen(value: string | null | undefined, now: number): string {
  const time = toTime(value);
  if (time === null) return 'Never';
  const minutes = Math.floor((now - time) / MINUTE_MS);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < MINUTES_PER_DAY) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / MINUTES_PER_DAY)}d ago`;
}

/** §4 heartbeat form: 'Never', 'Just now', 'N min ago', 'Xh Ym ago' under 24 hours, else the date. */
export function formatHeartbeat(value: string | null | undefined, now: number): string {
  const time = toTime(value);
  if (time === null) return 'Never';
  const minutes = Math.floor((now - time) / MINUTE_MS);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < MINUTES_PER_DAY) return `${Math.floor(minutes / 60)}h ${minutes % 60}m ago`;
  return formatDate(time);
}

function formatDate(time: number | string): string {
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(time: number | string): string {
  return new Date(time).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
