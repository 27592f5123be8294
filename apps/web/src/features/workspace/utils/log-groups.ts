import { LOG_ACTIONS, type InstallationLog } from '@toolkit/contracts/logs.ts';

interface LogGroup {
  /** 'Today', 'Yesterday', else the date (§4). */
  label: string;
  entries: InstallationLog[];
}

const dayKey = (d: Date) => `${String(d.getFullYear())}-${String(d.getMonth())}-${String(d.getDate())}`;

/** The day heading of a moment, in local time, relative to `now`. */
export function dayLabel(time: Date, now: Date): string {
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(time) === dayKey(now)) return 'Today';
  if (dayKey(time) === dayKey(yesterday)) return 'Yesterday';
  return time.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** §4: the time of an entry in 24-hour form, e.g. 07:05 or 18:40. */
export function logTime(timestamp: string): string {
  return new Date(timestamp).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** §4: entries grouped by day, newest first (groups and entries within them). */
export function groupLogs(logs: readonly InstallationLog[], now: Date): LogGroup[] {
  const sorted = [...logs].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id - a.id);
  const groups: LogGroup[] = [];
  for (const entry of sorted) {
    const label = dayLabel(new Date(entry.timestamp), now);
    const last = groups.at(-1);
    if (last?.label === label) last.entries.push(entry);
    else groups.push({ label, entries: [entry] });
  }
  return groups;
}

export type ActionTone = 'primary' | 'green' | 'grey' | 'blue';

/**
 * §4 action colours: device assignment primary, configuration test green, installation note grey,
 * report export and e-mail blue; any other action grey.
 */
export function actionTone(action: string): ActionTone {
  switch (action) {
    case LOG_ACTIONS.deviceAssignment:
      return 'primary';
    case LOG_ACTIONS.configTest:
      return 'green';
    case LOG_ACTIONS.reportExport:
    case LOG_ACTIONS.reportEmail:
      return 'blue';
    default:
      return 'grey';
  }
}
