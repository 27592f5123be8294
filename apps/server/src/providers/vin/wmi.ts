/**
 * World Manufacturer Identifiers known offline: the transit makers of wmi_transit_bus.csv (high or
 * medium confidence) and the chassis makers common under cutaways and support vehicles. Used only
 * when the public service cannot be reached.
 */
const WMI_TABLE: Readonly<Record<string, string>> = {
  '15G': 'GILLIG',
  '46G': 'GILLIG',
  '5FY': 'NEW FLYER',
  '2FY': 'NEW FLYER',
  '1FY': 'NEW FLYER',
  '2NV': 'NOVABUS',
  '4RK': 'NOVABUS',
  '1M8': 'MOTOR COACH INDUSTRIES',
  '2B1': 'ORION BUS',
  '2P9': 'PREVOST',
  '2PC': 'PREVOST',
  '1BA': 'BLUE BIRD',
  '1BB': 'BLUE BIRD',
  '1BD': 'BLUE BIRD',
  '4UZ': 'FREIGHTLINER',
  '4DR': 'IC BUS',
  '1FD': 'FORD',
  '1FT': 'FORD',
  '1FA': 'FORD',
  '1FM': 'FORD',
  '3FA': 'FORD',
  '1GC': 'CHEVROLET',
  '1GB': 'CHEVROLET',
  '1G1': 'CHEVROLET',
  '1GT': 'GMC',
  '1GD': 'GMC',
  '3C6': 'RAM',
  '1C6': 'RAM',
  '5FN': 'HONDA',
  'JT2': 'TOYOTA',
  '4T1': 'TOYOTA',
  'WBA': 'BMW',
  '5UX': 'BMW',
  '3VV': 'VOLKSWAGEN',
  '5YJ': 'TESLA',
};

/** Shared WMI 1N9 (small makers): positions 12-14 name the maker. */
const SMALL_MAKERS: Readonly<Record<string, string>> = { '084': 'ELDORADO NATIONAL', '019': 'NEOPLAN', '140': 'NABI' };
/** Proterra used 1M9 with 816 in positions 12-14 until mid-2019. */
const PROTERRA_1M9 = '816';

export function makeFromWmi(vin: string): string | null {
  const wmi = vin.slice(0, 3);
  const plant = vin.slice(11, 14);
  if (wmi === '1N9') return SMALL_MAKERS[plant] ?? null;
  if (wmi === '1M9' && plant === PROTERRA_1M9) return 'PROTERRA';
  return WMI_TABLE[wmi] ?? null;
}

const HEAVY_WMIS = new Set(['15G', '46G', '5FY', '2FY', '1FY', '2NV', '4RK', '1M8', '1M9', '1N9', '2B1', '2P9', '2PC', '7JZ']);

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * Model year from position 10. The code repeats every 30 years; North American VINs put a letter
 * in position 7 from 2010 on, a digit before, which picks the cycle. A year beyond next year is
 * taken from the earlier cycle.
 */
export function yearFromVin(vin: string, now: Date = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin.charAt(9));
  if (index < 0) return null;
  // The 7th-character rule does not hold for heavy vehicles (real Gillig VINs with a digit there
  // are 2013 and 2022): for bus makers take the latest cycle that is not in the future.
  const heavy = HEAVY_WMIS.has(vin.slice(0, 3));
  const letterAt7 = /[A-Z]/.test(vin.charAt(6));
  let year = (heavy || letterAt7 ? 2010 : 1980) + index;
  if (year > now.getFullYear() + 1) year -= 30;
  return year;
}
