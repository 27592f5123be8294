import { describe, expect, it } from 'vitest';
import { countWords, dayWords, shortTime } from './words.ts';

const MONTH_DAYS = Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-03`);

describe('words without the browser’s formatters', () => {
  it.each(MONTH_DAYS)('writes the day %s as en-GB does', (day) => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
    expect(dayWords(day)).toBe(intl);
  });

  it('writes a due date in full, with September as "Sept"', () => {
    expect(dayWords('2026-12-20')).toBe('20 Dec 2026');
    expect(dayWords('2027-09-01')).toBe('1 Sept 2027');
  });

  it.each([
    '2026-11-27T14:05:00Z',
    '2026-09-07T04:05:09.120Z',
    '2026-01-01T00:00:00Z',
    '2026-06-30T23:59:00+02:00',
  ])('writes the time %s as en-GB does on this clock', (iso) => {
    const intl = new Date(iso).toLocaleString('en-GB', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    expect(shortTime(iso)).toBe(intl);
  });

  it('gives back what is no date as it came, rather than "Invalid Date" or a throw', () => {
    expect(shortTime('yesterday')).toBe('yesterday');
    expect(dayWords('2026-13-40')).toBe('2026-13-40');
  });

  it.each([0, 7, 999, 1000, 12345, 1_000_000, -4200])('writes the count %d as en-US does', (n) => {
    expect(countWords(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes a fraction as it is, never with a wrong separator', () => {
    expect(countWords(1234.5)).toBe('1234.5');
  });
});
