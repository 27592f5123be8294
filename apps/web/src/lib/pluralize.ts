/**
 * '1 device', '2 devices', '1,204 vehicles': a count with the right form of its noun (en-US digits).
 * Pass the plural when it is not the singular plus 's' ('1 battery', '3 batteries').
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
