import { describe, expect, it } from 'vitest';
import { formatHeartbeat, formatListLastSeen } from './last-seen.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('formatListLastSeen (device list form)', () => {
  it.each([
    [null, 'Never'],
    ['', 'Never'],
    ['not a date', 'Never'],
    [ago(0), 'Just now'],
    [ago(59_000), 'Just now'],
    [ago(-30_000), 'Just now'],
    [ago(MIN), '1m ago'],
    [ago(59 * MIN), '59m ago'],
    [ago(60 * MIN), '1h ago'],
    [ago(1439 * MIN), '23h ago'],
    [ago(1440 * MIN), '1d ago'],
    [ago(10 * 1440 * MIN), '10d ago'],
  ])('%s -> %s', (value, expected) => {
    expect(formatListLastSeen(value, NOW)).toBe(expected);
  });
});

describe('formatHeartbeat (heartbeat form)', () => {
  it.each([
    [null, 'Never'],
    [ago(30_000), 'Just now'],
    [ago(MIN), '1 min ago'],
    [ago(45 * MIN), '45 min ago'],
    [ago(59 * MIN), '59 min ago'],
    [ago(60 * MIN), '1h 0m ago'],
    [ago(125 * MIN), '2h 5m ago'],
    [ago(1439 * MIN), '23h 59m ago'],
  ])('%s -> %s', (value, expected) => {
    expect(formatHeartbeat(value, NOW)).toBe(expected);
  });

  it('shows the date from 24 hours (1440 minutes) on', () => {
    expect(formatHeartbeat(ago(1440 * MIN), NOW)).toMatch(/^Nov 2[12], 2026$/);
    expect(formatHeartbeat('2026-11-19T12:00:00.000Z', NOW)).toBe('Nov 19, 2026');
  });
});
