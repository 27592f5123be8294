import type { BusItem, ItemState } from '@toolkit/contracts/campaigns.ts';

export const ITEM_STATE_WORDS: Record<ItemState, string> = {
  done: 'Done',
  todo: 'To do',
  failed: 'Failed',
  na: 'Not applicable',
  pending: 'Waiting to sync',
};

type ReviewChecklistProps = {
  live: readonly BusItem[];
  frozen: readonly BusItem[] | null;
  exceptions: Readonly<Record<string, string>>;
};

/**
 * The checklist frozen at submit beside the live one: an item whose state moved since is marked
 * "Changed since submit"; an exception the installer gave is shown under its item.
 */
export function ReviewChecklist({ live, frozen, exceptions }: ReviewChecklistProps) {
  const frozenByKey = new Map((frozen ?? []).map((item) => [item.key, item]));
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-1 text-left font-bold">Checklist</caption>
      <thead>
        <tr className="border-b border-border text-left">
          <th scope="col" className="p-1">
            Item
          </th>
          <th scope="col" className="p-1">
            At submit
          </th>
          <th scope="col" className="p-1">
            Now
          </th>
        </tr>
      </thead>
      <tbody>
        {live.map((item) => {
          const before = frozenByKey.get(item.key);
          const changed = frozen !== null && before?.state !== item.state;
          const exception = exceptions[item.key];
          return (
            <tr
              key={item.key}
              className={changed ? 'border-b border-border bg-primary-soft' : 'border-b border-border'}
            >
              <th scope="row" className="p-1 text-left font-normal">
                {item.label}
                {!item.required && <span className="text-muted-foreground"> (optional)</span>}
                {exception !== undefined && (
                  <span className="block text-warning">Exception: {exception}</span>
                )}
              </th>
              <td className="p-1">
                {before
                  ? ITEM_STATE_WORDS[before.state]
                  : frozen === null
                    ? 'Not submitted'
                    : 'Not in the checklist'}
              </td>
              <td className="p-1">
                {ITEM_STATE_WORDS[item.state]}
                {changed && <span className="ml-1 font-semibold">(Changed since submit)</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
