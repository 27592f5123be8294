import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import { formatWhen } from '../../utils/format.ts';

/** What proves an item, as the server has it: the devices on the bus, the test, the photos, the tick. */
export function ItemEvidence({ item }: { item: BusItem }) {
  const { devices, test, photos, tick, count } = item.evidence;
  const lines = [
    ...(count === undefined ? [] : [`${String(count.have)} of ${String(count.need)}`]),
    ...(devices ?? []).map((d) =>
      [d.deviceId, d.serial === null ? null : `S/N ${d.serial}`, d.imei === null ? null : `IMEI ${d.imei}`]
        .filter((part) => part !== null)
        .join(' · '),
    ),
    ...(test === undefined ? [] : [`Test of ${formatWhen(test.at)}: ${test.result}`]),
    ...(photos === undefined || count !== undefined
      ? []
      : [`${String(photos.length)} photo${photos.length === 1 ? '' : 's'}`]),
    ...(tick === undefined ? [] : [`By ${tick.by.name}, ${formatWhen(tick.at)}`]),
    ...(tick?.note ? [tick.note] : []),
  ];
  if (lines.length === 0) return null;
  return (
    <ul aria-label={`Evidence for ${item.label}`} className="grid gap-0.5 text-sm text-muted-foreground">
      {lines.map((line, i) => (
        <li key={i} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}
