import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { useMemo, useState } from 'react';
import { LoadingState } from '../../../../components/feedback/loading-state.tsx';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { pluralize } from '../../../../lib/pluralize.ts';
import { useVehicleChoices } from '../../../vehicles/index.ts';
import { useAddBuses } from '../../api/supervisor-add-buses.ts';
import { OnlineButton } from './online-button.tsx';

const SHOWN = 200;

type AddFromVehiclesProps = {
  campaignId: number;
  clientId: number;
  /** Vehicles already on the board (not offered again); null while the board's buses load. */
  onBoard: ReadonlySet<number> | null;
};

function Picker({ vehicles, campaignId }: { vehicles: readonly Vehicle[]; campaignId: number }) {
  const add = useAddBuses(campaignId);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      vehicles.filter(
        (v) =>
          !needle ||
          `${v.vehicleId}\n${v.description ?? ''}\n${v.route ?? ''}`.toLowerCase().includes(needle),
      ),
    [vehicles, needle],
  );
  const toggle = (ids: readonly number[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const allOn = rows.length > 0 && rows.every((v) => picked.has(v.id));
  const count = pluralize(picked.size, 'bus', 'buses');
  return (
    <div className="grid gap-3">
      <label className="grid gap-1 font-semibold">
        Filter vehicles
        <Input
          type="search"
          value={search}
          placeholder="Vehicle ID, description or route"
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <label className="flex items-center gap-2 font-semibold">
        <Checkbox
          checked={allOn}
          onCheckedChange={(on) =>
            toggle(
              rows.map((v) => v.id),
              on === true,
            )
          }
        />
        {`Select all ${pluralize(rows.length, 'vehicle')} shown`}
      </label>
      <ul aria-label="Vehicles" className="grid max-h-72 gap-1 overflow-y-auto">
        {rows.slice(0, SHOWN).map((v) => (
          <li key={v.id}>
            <label className="flex items-center gap-2">
              <Checkbox checked={picked.has(v.id)} onCheckedChange={(on) => toggle([v.id], on === true)} />
              <span className="font-semibold">{v.vehicleId}</span>
              {v.description && <span className="text-muted-foreground">{v.description}</span>}
            </label>
          </li>
        ))}
      </ul>
      {rows.length > SHOWN && (
        <p className="text-sm text-muted-foreground">{`The first ${String(SHOWN)} are listed; filter to find others.`}</p>
      )}
      <OnlineButton
        disabled={picked.size === 0 || add.isPending}
        onClick={() => add.mutate([...picked], { onSuccess: () => setPicked(new Set()) })}
      >
        {`Add ${count}`}
      </OnlineButton>
      {add.data && (
        <div role="status" className="grid gap-1">
          <p className="font-semibold">Added {pluralize(add.data.added, 'bus', 'buses')}.</p>
          <ul className="list-disc pl-5">
            {add.data.skipped.map((s) => (
              <li key={s.vehicleId}>{s.reason}</li>
            ))}
          </ul>
        </div>
      )}
      {add.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(add.error)}
        </p>
      )}
    </div>
  );
}

/** Add buses from the agency's vehicle list: filter, select, "Add 84 buses". */
export function AddFromVehicles({ campaignId, clientId, onBoard }: AddFromVehiclesProps) {
  const vehicles = useVehicleChoices(clientId);
  if (onBoard === null) return <LoadingState label="Loading buses" rows={2} rowClassName="h-12" />;
  return (
    <QueryState
      query={vehicles}
      noun="vehicles"
      emptyText="This agency has no vehicles."
      isEmpty={(d) => d.length === 0}
    >
      {(data) => (
        <Picker
          campaignId={campaignId}
          vehicles={data.filter((v) => !v.isLocal && v.id > 0 && !onBoard.has(v.id))}
        />
      )}
    </QueryState>
  );
}
