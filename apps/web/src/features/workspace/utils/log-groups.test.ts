import { describe, expect, it } from 'vitest';
import { makeLog } from '../../../test/fixtures.ts';
import { actionTone, dayLabel, groupLogs, logTime } from './log-groups.ts';

// Local times, so that the test means the same in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
const now = new Date(2026, 10, 23, 9, 30);

describe('the installation log by day (§4)', () => {
  it("heads today's entries 'Today', yesterday's 'Yesterday', older ones with their date", () => {
    expect(dayLabel(new Date(2026, 10, 23, 0, 5), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 22, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 21, 12, 0), now)).toBe('Saturday, November 21, 2026');
    // Yesterday across a month's end.
    expect(dayLabel(new Date(2026, 10, 30, 18), new Date(2026, 11, 1, 8))).toBe('Yesterday');
  });

  it('groups newest first, entries newest first within their day', () => {
    const logs = [
      makeLog(1, 'Device Assignment', at(21, 8)),
      makeLog(2, 'Configuration Test', at(23, 7, 5)),
      makeLog(3, 'Installation Note', at(22, 18, 40)),
      makeLog(4, 'Report Export', at(23, 9, 10)),
      makeLog(5, 'Report Email', at(23, 9, 10)),
    ];
    const groups = groupLogs(logs, now);
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', 'Saturday, November 21, 2026']);
    expect(groups[0]?.entries.map((e) => e.id)).toEqual([5, 4, 2]);
    expect(groups[1]?.entries.map((e) => e.id)).toEqual([3]);
  });

  it('shows times in 24-hour form', () => {
    expect(logTime(at(23, 7, 5))).toBe('07:05');
    expect(logTime(at(22, 18, 40))).toBe('18:40');
    expect(logTime(at(22, 0, 0))).toBe('00:00');
  });

  it('colours assignment primary, test green, note grey, export and e-mail blue', () => {
    expect(actionTone('Device Assignment')).toBe('primary');
    expect(actionTone('Configuration Test')).toBe('green');
    expect(actionTone('Installation Note')).toBe('grey');
    expect(actionTone('Report Export')).toBe('blue');
    expect(actionTone('Report Email')).toBe('blue');
    expect(actionTone('Vehicle Created')).toBe('grey');
  });
});
