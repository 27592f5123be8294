import {
  ClientListSchema,
  FleetOverviewSchema,
  type Client,
  type FleetOverview,
} from '@toolkit/contracts/clients.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AgencyState, ChangeFeed } from '../../lib/change-feed.ts';
import type { FleetMirror } from '../../lib/ports.ts';
import { RevisionMemo } from '../../lib/revision-cache.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  clientRevisions,
  clientSyncState,
  fleetOverview,
  listClientsWithCounts,
} from './clients.repository.ts';

/** A serialised answer and what it was built from (the agencies' revisions, last pull). */
interface Body {
  signature: string;
  body: string;
}

/** Keeps the newest `max` entries of a map. */
function bounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  return value;
}

/**
 * The user's agencies with their counts, and an agency's overview. Counts are recomputed only
 * when an agency's revision moved (every change to its vehicles or devices bumps it). The hot
 * answers are kept serialised per (agencies, revisions): while the change feed is live the
 * revisions come from memory (decision 028), so a repeated read costs no query and no
 * serialisation; otherwise one indexed lookup checks them.
 */
export class ClientsService {
  private readonly counts = new RevisionMemo<Client>();
  private readonly overviews = new RevisionMemo<Omit<FleetOverview, 'lastSyncedAt'>>();
  private readonly listBodies = new Map<string, Body>();
  private readonly overviewBodies = new Map<number, Body>();

  constructor(
    private readonly db: Db,
    private readonly mirror: FleetMirror,
    private readonly feed: ChangeFeed,
  ) {}

  /**
   * `GET /clients` serialised (validated against its schema when built). Agencies not yet
   * mirrored are waited for: their counts are never shown as zero.
   */
  async listBody(user: AuthUser): Promise<string> {
    const ids = user.clientIds;
    for (const id of ids) this.mirror.touch(id);
    await this.ready(ids);
    const key = ids.join(',');
    const held = this.heldSignature(ids);
    const hit = this.listBodies.get(key);
    if (held !== null && hit?.signature === held) return hit.body;
    const { clients, revisions } = await this.withCounts(ids);
    const signature = ids.map((id) => String(revisions.get(id) ?? '-')).join(',');
    if (hit?.signature === signature) return hit.body;
    const body = JSON.stringify(ClientListSchema.parse(clients));
    return bounded(this.listBodies, key, { signature, body }, 1000).body;
  }

  async get(user: AuthUser, id: number): Promise<Client> {
    assertClientAccess(user, id);
    this.mirror.touch(id);
    await this.mirror.ready(id);
    const { clients } = await this.withCounts([id]);
    const [client] = clients;
    if (!client) throw notFound('Client');
    return client;
  }

  /** `GET /clients/{id}/overview` serialised (validated against its schema when built). */
  async overviewBody(user: AuthUser, id: number): Promise<string> {
    assertClientAccess(user, id);
    this.mirror.touch(id);
    await this.mirror.ready(id);
    const state = await this.agencyState(id);
    if (!state) throw notFound('Client');
    const signature = `${String(state.revision)}|${state.syncedAt ?? ''}`;
    const hit = this.overviewBodies.get(id);
    if (hit?.signature === signature) return hit.body;
    const overview =
      this.overviews.get(id, state.revision) ??
      this.overviews.set(id, state.revision, await fleetOverview(this.db, id));
    const body = JSON.stringify(FleetOverviewSchema.parse({ ...overview, lastSyncedAt: state.syncedAt }));
    return bounded(this.overviewBodies, id, { signature, body }, 500).body;
  }

  private async ready(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.mirror.ready(id);
  }

  /** The agencies' revisions as the change feed holds them, or null when it misses one. */
  private heldSignature(ids: readonly number[]): string | null {
    let signature = '';
    for (const id of ids) {
      const state = this.feed.agency(id);
      if (!state) return null;
      signature += signature === '' ? String(state.revision) : `,${String(state.revision)}`;
    }
    return signature;
  }

  private async agencyState(id: number): Promise<AgencyState | null> {
    const held = this.feed.agency(id);
    if (held) return held;
    const ticket = this.feed.ticket();
    const state = await clientSyncState(this.db, id);
    if (state) this.feed.rememberAgency(id, state, ticket);
    return state;
  }

  /** The agencies with their counts, in display order, and the revisions they were read at. */
  private async withCounts(
    ids: readonly number[],
  ): Promise<{ clients: Client[]; revisions: Map<number, number> }> {
    const ticket = this.feed.ticket();
    const rows = await clientRevisions(this.db, ids);
    for (const r of rows) this.feed.rememberAgency(r.id, r, ticket);
    const missing = rows.filter((r) => this.counts.get(r.id, r.revision) === undefined);
    if (missing.length > 0) {
      const fresh = await listClientsWithCounts(
        this.db,
        missing.map((r) => r.id),
      );
      for (const c of fresh) this.counts.set(c.id, missing.find((r) => r.id === c.id)?.revision ?? -1, c);
    }
    const clients = rows.flatMap((r) => {
      const c = this.counts.get(r.id, r.revision);
      return c ? [c] : [];
    });
    return { clients, revisions: new Map(rows.map((r) => [r.id, r.revision])) };
  }
}
