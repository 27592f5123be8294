/**
 * Dates and counts written out without the browser's Intl formatters. The page's first formatter
 * loads the browser's locale data: 110–130 ms of main thread at 4× CPU on this machine class,
 * paid in the middle of the supervisor's first render (decision 060). These few fixed formats are
 * the same words, made with string operations.
 */

/** The short month names of `en-GB` (CLDR: "Sept", not "Sep"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');
const month = (index: number) => MONTHS[index] ?? '';

/** A server time as it is read on the phone and the board: "27 Nov, 14:05" (local time, 24-hour clock); the text as it came if it is no time. */
export function shortTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${String(at.getDate())} ${month(at.getMonth())}, ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/** A calendar day (YYYY-MM-DD) as "20 Dec 2026"; the text as it came if it is no day. */
export function dayWords(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return `${String(at.getUTCDate())} ${month(at.getUTCMonth())} ${String(at.getUTCFullYear())}`;
}

/** A count with thousands separators, as `en-US` writes it: 1,000 (whole numbers; others as `String` gives them). */
export function countWords(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
