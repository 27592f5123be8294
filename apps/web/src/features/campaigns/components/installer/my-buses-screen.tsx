import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useClientId } from '../../../../lib/use-selected-client.ts';
import { useCampaigns } from '../../api/get-campaigns.ts';
import { useMyBusesView } from '../../hooks/use-my-buses-view.ts';
import { BusRow } from './bus-row.tsx';
import { RefusalNote } from './refusal-note.tsx';
import { UnassignedBusRow } from './unassigned-bus-row.tsx';

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
  return (
    <>
      <PageHeader title="My buses" subtitle={campaign?.name ?? 'Campaign'} />
      <div className="relative mb-4">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground"
        />
        <Input
          id={`${id}-search`}
          type="search"
          aria-label="Search by fleet number"
          placeholder="Fleet number"
          inputMode="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-10"
        />
      </div>
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
