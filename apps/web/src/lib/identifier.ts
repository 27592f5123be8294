/** Kinds of equipment identifiers the screens show. */
export type IdentifierKind = 'vin' | 'imei' | 'sim' | 'esn' | 'serial';

/**
 * Splits an identifier into short groups that are easy to read aloud and compare: a VIN as
 * manufacturer (3), descriptor (6) and serial section (8); any other identifier in fours.
 * Joining the groups gives the identifier back unchanged.
 */
export function groupIdentifier(value: string, kind: IdentifierKind): string[] {
  const text = value.trim();
  if (text === '') return [];
  if (kind === 'vin' && text.length === 17) return [text.slice(0, 3), text.slice(3, 9), text.slice(9)];
  const groups: string[] = [];
  for (let i = 0; i < text.length; i += 4) groups.push(text.slice(i, i + 4));
  return groups;
}
