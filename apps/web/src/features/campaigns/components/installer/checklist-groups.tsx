import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import type { OutboxEntry } from '../../../../lib/outbox/outbox.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { PendingAssignments } from '../../../devices/index.ts';
import { ITEM_GROUPS, itemsOfKind } from '../../utils/checklist.ts';
import { DerivedItem } from './derived-item.tsx';
import { ManualItem } from './manual-item.tsx';

type ChecklistGroupsProps = {
  bus: BusRef;
  vehicleId: number;
  items: readonly BusItem[];
  /** Each manual item's latest tick kept on this phone, by key. */
  kept: ReadonlyMap<string, OutboxEntry>;
  locked: boolean;
};

/** The checklist grouped Fit, Test, Photos, Checks (a group without items is left out). */
export function ChecklistGroups({ bus, vehicleId, items, kept, locked }: ChecklistGroupsProps) {
  return (
    <>
      {ITEM_GROUPS.map(({ kind, title }) => {
        const group = itemsOfKind(items, kind);
        if (group.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`group-${kind}`} className="grid gap-1">
            <h2 id={`group-${kind}`} className="text-xl font-bold">
              {title}
            </h2>
            <ul className="grid divide-y divide-border">
              {group.map((item) => (
                <li key={item.key}>
                  {kind === 'manual' ? (
                    <ManualItem bus={bus} item={item} kept={kept.get(item.key)} locked={locked} />
                  ) : (
                    <DerivedItem item={item} vehicleId={vehicleId} />
                  )}
                </li>
              ))}
            </ul>
            {/* A device assigned without signal waits here, marked so: the fit items stay as the server has them. */}
            {kind === 'fit' && <PendingAssignments vehicleId={vehicleId} />}
          </section>
        );
      })}
    </>
  );
}
