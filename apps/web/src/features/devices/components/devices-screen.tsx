import type { DeviceType } from '@toolkit/contracts/devices.ts';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { intentHandlers } from '../../../lib/lazy-module.ts';
import { useClientId } from '../../../lib/use-selected-client.ts';
import { useDevices } from '../api/get-devices.ts';
import { useFocusedDevice } from '../hooks/use-focused-device.ts';
import { useViewMode } from '../hooks/use-view-mode.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { pluralize } from '../../../lib/pluralize.ts';
import {
  filterDevices,
  presentTypes,
  sortDevices,
  visibleRange,
  type PageRange,
  type SortDirection,
  type SortKey,
  type TypeFilter,
} from '../utils/device-list.ts';
import { CreateDeviceDialog } from './lazy-dialogs.ts';
import { DeviceList, PAGE_SIZE } from './device-list.tsx';
import { DevicesToolbar } from './devices-toolbar.tsx';
import { SyncCheck } from './sync-check.tsx';

type DevicesScreenProps = {
  /** The ?deviceId= of the URL: that device is expanded and scrolled to (§2). */
  focusDeviceId?: string | null;
};

/** Devices (§2) of the selected client (the route guard makes sure there is one). */
export function DevicesScreen({ focusDeviceId = null }: DevicesScreenProps) {
  const clientId = useClientId();
  return <ClientDevices clientId={clientId} focusDeviceId={focusDeviceId} />;
}

/** Types whose chip offers Create Device: every type but Other (§5). */
function creatableType(filter: TypeFilter): Exclude<DeviceType, 'Other'> | null {
  return filter === 'all' || filter === 'Other' ? null : filter;
}

function ClientDevices({ clientId, focusDeviceId }: { clientId: number; focusDeviceId: string | null }) {
  const devices = useDevices(clientId);
  const [search, setSearch] = useState('');
  const [typeFilter, setTypeFilter] = useState<TypeFilter>('all');
  const [sortKey, setSortKey] = useState<SortKey>('assignment');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [view, setView] = useViewMode();
  const [range, setRange] = useState<PageRange>({ start: 0, end: PAGE_SIZE });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [createOpen, setCreateOpen] = useState(false);

  const all = devices.data;
  const types = useMemo(() => presentTypes(all ?? []), [all]);
  const list = useMemo(
    () => sortDevices(filterDevices(all ?? [], search, typeFilter), sortKey, direction),
    [all, search, typeFilter, sortKey, direction],
  );
  const { focusedId, focusIndex, focusOn, clearFocus } = useFocusedDevice(list);
  // The focused device stays rendered, however far down the sort order puts it.
  const rows = visibleRange(range, focusIndex, list.length, PAGE_SIZE);
  const focus = (deviceId: string) => {
    focusOn(deviceId);
    setExpanded((prev) => new Set(prev).add(deviceId));
  };

  // The URL's deviceId is consumed once (the route then removes it): show that device, expanded.
  const [lastParam, setLastParam] = useState<string | null>(null);
  if (focusDeviceId !== lastParam) {
    setLastParam(focusDeviceId);
    if (focusDeviceId !== null) {
      focus(focusDeviceId);
      setSearch('');
      setTypeFilter('all');
    }
  }

  const resetPaging = () => {
    setRange({ start: 0, end: PAGE_SIZE });
    clearFocus();
  };
  const toggle = (deviceId: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(deviceId)) next.add(deviceId);
      return next;
    });
  const createType = creatableType(typeFilter);

  const phase = queryPhase(devices);
  let body;
  if (phase === 'offline') {
    body = <NothingSavedState noun="devices" query={devices} />;
  } else if (phase === 'error') {
    body = (
      <ErrorState title="Error loading devices" heading onRetry={() => void devices.refetch()}>
        <p>Please check your internet connection and try again.</p>
        <p className="break-words text-muted-foreground">
          {errorMessage(devices.error, 'The device list could not be loaded.')}
        </p>
      </ErrorState>
    );
  } else {
    // While the list loads, the toolbar stands where the list will put it, and keeps what is typed
    // (the page is prerendered this way, decision 030 §6): only the rows below it are to come.
    body = (
      <>
        <SavedCopyNotice query={devices} what="devices" className="mb-0" />
        <DevicesToolbar
          search={search}
          onSearch={(v) => {
            setSearch(v);
            resetPaging();
          }}
          counts={all === undefined ? null : { total: all.length, types }}
          typeFilter={typeFilter}
          onTypeFilter={(v) => {
            setTypeFilter(v);
            resetPaging();
          }}
          sortKey={sortKey}
          onSortKey={(v) => {
            setSortKey(v);
            resetPaging();
          }}
          direction={direction}
          onToggleDirection={() => {
            setDirection((d) => (d === 'asc' ? 'desc' : 'asc'));
            resetPaging();
          }}
          view={view}
          onView={setView}
        />
        {all === undefined ? (
          <LoadingState
            label="Loading devices"
            rows={4}
            rowClassName="h-[147px]"
            className={view === 'cards' ? 'grid-cols-2 gap-2' : undefined}
          />
        ) : (
          <>
            {/* Two boxes on one line, each smaller than the heading. As one box this line, which
                comes with the data, was larger than anything prerendered: the screen's largest
                paint (its LCP) waited for the data (decision 030 §7). */}
            <p aria-live="polite" className="flex flex-wrap gap-x-1 text-sm">
              <span className="font-semibold">{pluralize(all.length, 'device')}</span>
              <span className="text-muted-foreground">
                {' '}
                · {all.filter((d) => d.vehicleId === null).length.toLocaleString('en-US')} unassigned
              </span>
            </p>
            {createType && (
              <Button
                aria-haspopup="dialog"
                {...intentHandlers(CreateDeviceDialog.preload)}
                onClick={() => setCreateOpen(true)}
              >
                <Plus aria-hidden className="size-5" />
                Create {createType} Device
              </Button>
            )}
            {focusedId !== null && focusIndex < 0 && !search && typeFilter === 'all' && (
              <p role="status" className="rounded-lg bg-surface-muted p-3">
                Device not found: {focusedId} is not among this client's devices.
              </p>
            )}
            {list.length === 0 ? (
              <p role="status" className="rounded-lg bg-surface-muted p-4 text-center">
                {search.trim() ? `No devices match "${search.trim()}".` : 'No devices yet.'}
              </p>
            ) : (
              <DeviceList
                devices={list}
                range={rows}
                onShowMore={() => setRange({ start: rows.start, end: rows.end + PAGE_SIZE })}
                onShowEarlier={() => setRange({ start: Math.max(0, rows.start - PAGE_SIZE), end: rows.end })}
                expanded={expanded}
                onToggle={toggle}
                view={view}
                onChanged={focus}
              />
            )}
            {createType && (
              <CreateDeviceDialog
                clientId={clientId}
                type={createType}
                open={createOpen}
                onOpenChange={setCreateOpen}
                onCreated={(response) => focus(response.device.deviceId)}
              />
            )}
          </>
        )}
      </>
    );
  }

  return (
    <div className="grid gap-2">
      <SyncCheck clientId={clientId} heading={<PageHeader title="Devices" className="mb-0" />} />
      {body}
    </div>
  );
}
