/**
 * The unit scan (issue 35, ../shared/docs/campaigns.md "Shipments and the unit scan"): what a
 * label's text may name. A box or device label carries several codes at once ("S/N: SN-1001 IMEI
 * 356307042441013 ICCID 8901260882290000007"), and a scanner returns them in one string; each
 * candidate is looked up in turn (the agency's devices, then the shipment units by serial, IMEI
 * or ICCID), online and on the phone's saved copy alike.
 */

/** A run of digits that is not part of a longer run. */
const DIGIT_RUN = /\d+/g;
/** An IMEI: 15 digits. */
const IMEI_DIGITS = 15;
/** An ICCID: 19 or 20 digits starting with 89 (the telecom industry's prefix). */
const isIccid = (run: string) => (run.length === 19 || run.length === 20) && run.startsWith('89');
/**
 * A serial number after `S/N` (the colon optional) or `SN:`: "S/N: SN-1001", "S/N SN-1001",
 * "SN:ABC123", in any case; not the letters "SN" inside a word or a code ("SN-1001", "ASN:1").
 */
const SERIAL_TOKEN =
  /(?<![A-Za-z0-9])(?:S\/N\s*[:#]?|SN\s*:)\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/gi;

/**
 * The codes a label's text gives, in the order they are tried, each once: the whole trimmed text,
 * each 15-digit run (an IMEI), each 19 or 20-digit run starting with 89 (an ICCID), then each
 * serial after `SN:` or `S/N`. Blank text gives none.
 */
export function unitCodeCandidates(text: string): string[] {
  const whole = text.trim();
  if (whole === '') return [];
  const runs = whole.match(DIGIT_RUN) ?? [];
  const serials = [...whole.matchAll(SERIAL_TOKEN)].map((m) => m[1] ?? '');
  const candidates = [
    whole,
    ...runs.filter((run) => run.length === IMEI_DIGITS),
    ...runs.filter(isIccid),
    ...serials,
  ];
  return [...new Set(candidates.filter((c) => c !== ''))];
}
