/**
 * World Manufacturer Identifiers known offline: the transit makers of wmi_transit_bus.csv (high or
 * medium confidence), the truck and chassis makers under cutaways and support vehicles, and the
 * major car and van makers. WMIs shared by several brands of one group (Stellantis 1C4, 1C6, 2C3,
 * 3C4, 3C6; Nissan/Infiniti 5N1; Hyundai/Kia 5XY) are left out: offline they name no make rather
 * than a wrong one. Used only when the public service cannot be reached.
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
  '4DR': 'IC BUS',
  '177': 'THOMAS BUILT',
  '1T8': 'THOMAS BUILT',
  '4UZ': 'FREIGHTLINER',
  '1FV': 'FREIGHTLINER',
  '1FU': 'FREIGHTLINER',
  '3AK': 'FREIGHTLINER',
  '1XP': 'PETERBILT',
  '2NP': 'PETERBILT',
  '1XK': 'KENWORTH',
  '2XK': 'KENWORTH',
  '1HT': 'INTERNATIONAL',
  '3HA': 'INTERNATIONAL',
  '3HS': 'INTERNATIONAL',
  '1M1': 'MACK',
  '1M2': 'MACK',
  '4V4': 'VOLVO TRUCKS',
  '5KJ': 'WESTERN STAR',
  '4P1': 'PIERCE',
  '4EN': 'E-ONE',
  '1HD': 'HARLEY-DAVIDSON',
  '1FA': 'FORD',
  '1FB': 'FORD',
  '1FC': 'FORD',
  '1FD': 'FORD',
  '1FM': 'FORD',
  '1FT': 'FORD',
  '2FA': 'FORD',
  '2FM': 'FORD',
  '2FT': 'FORD',
  '3FA': 'FORD',
  '3FM': 'FORD',
  '3FT': 'FORD',
  'NM0': 'FORD',
  '1LN': 'LINCOLN',
  '5LM': 'LINCOLN',
  '2LM': 'LINCOLN',
  '1G1': 'CHEVROLET',
  '1GC': 'CHEVROLET',
  '1GN': 'CHEVROLET',
  '1GB': 'CHEVROLET',
  '2G1': 'CHEVROLET',
  '2GC': 'CHEVROLET',
  '2GN': 'CHEVROLET',
  '3G1': 'CHEVROLET',
  '3GC': 'CHEVROLET',
  '3GN': 'CHEVROLET',
  'KL7': 'CHEVROLET',
  'KL8': 'CHEVROLET',
  '1GT': 'GMC',
  '1GK': 'GMC',
  '1GD': 'GMC',
  '2GT': 'GMC',
  '2GK': 'GMC',
  '3GT': 'GMC',
  '3GK': 'GMC',
  '1G6': 'CADILLAC',
  '1GY': 'CADILLAC',
  '3GY': 'CADILLAC',
  'W06': 'CADILLAC',
  '1G4': 'BUICK',
  '2G4': 'BUICK',
  '1G8': 'SATURN',
  '1J4': 'JEEP',
  '1J8': 'JEEP',
  '1JC': 'JEEP',
  '1B3': 'DODGE',
  '1B4': 'DODGE',
  '1B7': 'DODGE',
  '2B3': 'DODGE',
  '2D8': 'DODGE',
  '3D7': 'DODGE',
  '1HG': 'HONDA',
  '2HG': 'HONDA',
  '2HK': 'HONDA',
  '5FN': 'HONDA',
  '5J6': 'HONDA',
  'JHM': 'HONDA',
  'JH4': 'ACURA',
  '19U': 'ACURA',
  '5J8': 'ACURA',
  '4W5': 'ACURA',
  '4T1': 'TOYOTA',
  '4T3': 'TOYOTA',
  '5TD': 'TOYOTA',
  '5TF': 'TOYOTA',
  '5YF': 'TOYOTA',
  '2T1': 'TOYOTA',
  '2T3': 'TOYOTA',
  '3TY': 'TOYOTA',
  '3TM': 'TOYOTA',
  'JT2': 'TOYOTA',
  'JTD': 'TOYOTA',
  'JTE': 'TOYOTA',
  'JTK': 'TOYOTA',
  'JTN': 'TOYOTA',
  'JTM': 'TOYOTA',
  'JTH': 'LEXUS',
  'JTJ': 'LEXUS',
  '2T2': 'LEXUS',
  '1N4': 'NISSAN',
  '1N6': 'NISSAN',
  '3N1': 'NISSAN',
  '3N8': 'NISSAN',
  'JN1': 'NISSAN',
  'JN8': 'NISSAN',
  '5N3': 'INFINITI',
  'JNK': 'INFINITI',
  'JNR': 'INFINITI',
  'KMH': 'HYUNDAI',
  'KM8': 'HYUNDAI',
  '5NP': 'HYUNDAI',
  '5NM': 'HYUNDAI',
  'KNA': 'KIA',
  'KND': 'KIA',
  '3KP': 'KIA',
  '5XX': 'KIA',
  'JF1': 'SUBARU',
  'JF2': 'SUBARU',
  '4S3': 'SUBARU',
  '4S4': 'SUBARU',
  'JM1': 'MAZDA',
  'JM3': 'MAZDA',
  '3MZ': 'MAZDA',
  'WVW': 'VOLKSWAGEN',
  'WVG': 'VOLKSWAGEN',
  '1VW': 'VOLKSWAGEN',
  '3VW': 'VOLKSWAGEN',
  '3VV': 'VOLKSWAGEN',
  'WAU': 'AUDI',
  'WA1': 'AUDI',
  'TRU': 'AUDI',
  'WUA': 'AUDI',
  'WBA': 'BMW',
  'WBS': 'BMW',
  'WBX': 'BMW',
  '5UX': 'BMW',
  '5YM': 'BMW',
  '4US': 'BMW',
  'WDB': 'MERCEDES-BENZ',
  'WDC': 'MERCEDES-BENZ',
  'WDD': 'MERCEDES-BENZ',
  'W1K': 'MERCEDES-BENZ',
  'W1N': 'MERCEDES-BENZ',
  '4JG': 'MERCEDES-BENZ',
  '55S': 'MERCEDES-BENZ',
  'WP0': 'PORSCHE',
  'WP1': 'PORSCHE',
  'SAL': 'LAND ROVER',
  'SCF': 'ASTON MARTIN',
  '5YJ': 'TESLA',
  '7SA': 'TESLA',
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

/** Buses, coaches, trucks and fire apparatus: over 10,000 lb, where position 7 does not tell the cycle. */
export const HEAVY_WMIS: ReadonlySet<string> = new Set([
  '15G', '46G', '5FY', '2FY', '1FY', '2NV', '4RK', '1M8', '1M9', '1N9', '2B1', '2P9', '2PC', '7JZ', '1BA', '1BB', '1BD', '4DR', '177', '1T8',
  '4UZ', '1FV', '1FU', '3AK', '1XP', '2NP', '1XK', '2XK', '1HT', '3HA', '3HS', '1M1', '1M2', '4V4', '5KJ', '4P1', '4EN',
]);

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
