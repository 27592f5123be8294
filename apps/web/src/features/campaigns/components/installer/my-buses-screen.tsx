import { ScanLine, Search } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { paths } from '../../../../config/paths.ts';
import { useClientId } from '../../../../lib/use-selected-client.ts';
import { unitVehicleOf } from '../../../shipments/index.ts';
import { useCampaigns } from '../../api/get-campaigns.ts';
import { useMyBusesView } from '../../hooks/use-my-buses-view.ts';
import { busForScan, noBusMatches } from '../../utils/bus-scan.ts';
import { BusRow } from './bus-row.tsx';
import { RefusalNote } from './refusal-note.tsx';
import { UnassignedBusRow } from './unassigned-bus-row.tsx';

/** The camera and barcode reader load only when "Scan" is pressed, never with the list. */
const VinScannerDialog = lazy(() =>
  import('../../../../components/capture/vin-scanner-dialog.tsx').then((m) => ({
    default: m.VinScannerDialog,
  })),
);

/**
 * My buses (a campaign on the installer's phone): their buses in the order they work them (rework
 * first), the unassigned ones to claim in one tap, and a search by fleet number over both.
 */
export function MyBusesScreen({ campaignId }: { campaignId: number }) {
  const clientId = useClientId();
  const campaign = useCampaigns(clientId).data?.find((c) => c.id === campaignId);
  const [search, setSearch] = useState('');
  const view = useMyBusesView(campaignId, clientId, search);
  const id = useId();
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const [notFound, setNotFound] = useState<string | null>(null);
  const queryClient = useQueryClient();
  /**
   * A scanned VIN or unit label, or a VIN or fleet number typed and sent, jumps to its bus: a unit's
   * label through the shipment-unit lookup (offline, the saved unit index) to the bus it went on.
   */
  const jump = async (text: string, fromScan: boolean) => {
    const unitBus = (label: string) => unitVehicleOf(queryClient, clientId, label, navigator.onLine);
    const bus = await busForScan(text, view.buses.data ?? [], unitBus);
    if (bus !== null) return navigate(paths.campaignBus(campaignId, bus.id));
    // A typed part of a fleet number filters the list instead; nothing shown is said.
    if (fromScan || (view.mine.length === 0 && view.unassigned.length === 0)) setNotFound(noBusMatches(text));
  };
  const onSearch = (event: SyntheticEvent) => {
    event.preventDefault();
    if (search.trim() !== '') void jump(search, false);
  };
  return (
    <>
      <PageHeader title="My buses" subtitle={campaign?.name ?? 'Campaign'} />
      <form role="search" noValidate onSubmit={onSearch} className="mb-4 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground"
          />
          <Input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            aria-label="Search by fleet number"
            placeholder="Fleet number or VIN"
            inputMode="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setNotFound(null);
            }}
            className="pl-10"
          />
        </div>
        <Button variant="outline" onClick={() => setScanning(true)}>
          <ScanLine aria-hidden className="size-5" />
          Scan
        </Button>
      </form>
      {notFound !== null && (
        <p role="alert" className="mb-4 font-semibold break-words text-destructive">
          {notFound}
        </p>
      )}
      {scanning && (
        <Suspense fallback={null}>
          <VinScannerDialog
            open
            onOpenChange={setScanning}
            onVin={(vin) => {
              setSearch(vin);
              void jump(vin, true);
            }}
            vinField={() => searchRef.current}
          />
        </Suspense>
      )}
      <QueryState
        query={view.buses}
        noun="buses"
        emptyText="No bus of this campaign is yours or unassigned."
        isEmpty={(all) => all.length === 0}
        rowClassName="h-16"
      >
        {() => (
          <div className="grid gap-6">
            <section aria-labelledby={`${id}-mine`} className="grid gap-3">
              <h2 id={`${id}-mine`} className="text-xl font-bold">
                Assigned to me
              </h2>
              {view.mine.length === 0 ? (
                <p className="text-muted-foreground">
                  {search.trim() === ''
                    ? 'No bus is assigned to you yet: claim one below.'
                    : 'No bus of yours matches.'}
                </p>
              ) : (
                <ul aria-label="My buses" className="grid gap-2">
                  {view.mine.map(({ bus, waiting }) => (
                    <li key={bus.id}>
                      <BusRow bus={bus} waiting={waiting} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby={`${id}-unassigned`} className="grid gap-3">
              <h2 id={`${id}-unassigned`} className="text-xl font-bold">
                Unassigned
              </h2>
              {view.lost.errors.map((message) => (
                <p key={message} role="alert" className="font-semibold break-words text-destructive">
                  {message}
                </p>
              ))}
              {view.lost.refused.map((entry) => (
                <RefusalNote key={entry.id} entry={entry} />
              ))}
              {view.unassigned.length === 0 ? (
                <p className="text-muted-foreground">
                  No unassigned bus{search.trim() === '' ? '' : ' matches'}.
                </p>
              ) : (
                <ul aria-label="Unassigned buses" className="grid gap-2">
                  {view.unassigned.map(({ bus, refused, error, sending }) => (
                    <li key={bus.id}>
                      <UnassignedBusRow
                        bus={bus}
                        error={error}
                        refused={refused}
                        sending={sending}
                        onClaim={view.onClaim}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
    </>
  );
}
