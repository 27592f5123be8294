import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useClientId } from '../../../lib/use-selected-client.ts';
import { useVehicleList } from '../hooks/use-vehicle-list.ts';
import {
  countByStatus,
  filterVehicles,
  indexVehicles,
  parseStatusFilter,
  STATUS_EXPLANATIONS,
  summaryText,
  type SortDirection,
  type StatusFilter,
} from '../utils/vehicle-list.ts';
import { AddVehicleDialog } from './add-vehicle-dialog.tsx';
import type { VehicleAction } from './vehicle-details.tsx';
import type { OpenDialog } from './vehicle-dialogs.tsx';
import { VehicleActionDialogs } from './lazy-dialogs.tsx';
import { VehicleFilters } from './vehicle-filters.tsx';
import { VehicleList } from './vehicle-list.tsx';
import type { VehicleListItem } from '../utils/vehicle-list.ts';
import { readableError } from '../../../lib/api-error.ts';

/** Vehicles (§2) of the selected client (the route guard makes sure there is one). */
export function VehiclesScreen() {
  const clientId = useClientId();
  const [params] = useSearchParams();
  const filter = params.get('filter');
  // A new ?filter= (or agency) starts the screen afresh with that filter.
  return (
    <ClientVehicles
      key={`${String(clientId)}:${filter ?? ''}`}
      clientId={clientId}
      initialStatus={parseStatusFilter(filter)}
    />
  );
}

function ClientVehicles({ clientId, initialStatus }: { clientId: number; initialStatus: StatusFilter }) {
  const [status, setStatus] = useState<StatusFilter>(initialStatus);
  const [search, setSearch] = useState('');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { list, items } = useVehicleList(clientId);

  // A keystroke updates the box at once; the filtering follows at a lower priority.
  const deferredSearch = useDeferredValue(search);
  const indexed = useMemo(() => indexVehicles(items, direction), [items, direction]);
  const counts = useMemo(() => countByStatus(items), [items]);
  const rows = useMemo(
    () => filterVehicles(indexed, deferredSearch, status),
    [indexed, deferredSearch, status],
  );
  const onAction = useCallback(
    (action: VehicleAction, vehicle: VehicleListItem) => setDialog({ action, vehicle }),
    [],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  const phase = queryPhase(list);
  // The content column uses minmax(0,1fr): long descriptions truncate instead of widening the page.
  return (
    <>
      <PageHeader title="Vehicles" actions={<AddVehicleDialog clientId={clientId} existing={items} />} />
      <SavedCopyNotice query={list} what="vehicles" />
      {phase === 'offline' && items.length === 0 ? (
        <NothingSavedState noun="vehicles" query={list} />
      ) : phase === 'error' ? (
        <ErrorState title="Could not load the vehicles" onRetry={() => void list.refetch()}>
          <p className="break-words text-muted-foreground">{readableError(list.error)}</p>
        </ErrorState>
      ) : (
        // While the list loads, the search box stands where it will be (and keeps what is typed):
        // only the rows below it are to come.
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <VehicleFilters
            search={search}
            onSearch={setSearch}
            status={status}
            onStatus={setStatus}
            counts={phase === 'loading' ? null : counts}
            direction={direction}
            onDirection={setDirection}
          />
          {phase === 'loading' ? (
            <LoadingState label="Loading vehicles" rows={6} rowClassName="h-[76px]" className="gap-2" />
          ) : (
            <>
              <p aria-live="polite" className="text-sm">
                <span className="font-semibold">
                  {summaryText(rows.length, deferredSearch.trim() !== '')}
                </span>
                {status !== 'all' && (
                  <span className="text-muted-foreground"> · {STATUS_EXPLANATIONS[status]}</span>
                )}
              </p>
              <VehicleList rows={rows} onAction={onAction} />
            </>
          )}
        </div>
      )}
      <VehicleActionDialogs dialog={dialog} clientId={clientId} onClose={closeDialog} />
    </>
  );
}
