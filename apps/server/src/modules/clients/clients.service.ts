import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FleetMirror } from '../../lib/ports.ts';
import { RevisionMemo } from '../../lib/revision-cache.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  clientRevisions,
  clientSyncState,
  fleetOverview,
  listClientsWithCounts,
} from './clients.repository.ts';

/**
 * The user's agencies with their counts. Counts are recomputed only when an agency's revision
 * moved (every change to its vehicles or devices bumps it), so a busy client list costs one
 * indexed lookup per request.
 */
export class ClientsService {
  private readonly counts = new RevisionMemo<Client>();
  private readonly overviews = new RevisionMemo<Omit<FleetOverview, 'lastSyncedAt'>>();

  constructor(
    private readonly db: Db,
    private readonly mirror: FleetMirror,
  ) {}

  /** Agencies not yet mirrored are waited for: their counts are never shown as zero. */
  async list(user: AuthUser): Promise<Client[]> {
    for (const id of user.clientIds) this.mirror.touch(id);
    await Promise.all(user.clientIds.map((id) => this.mirror.ready(id)));
    return this.withCounts(user.clientIds);
  }

  async get(user: AuthUser, id: number): Promise<Client> {
    assertClientAccess(user, id);
    this.mirror.touch(id);
    await this.mirror.ready(id);
    const [client] = await this.withCounts([id]);
    if (!client) throw notFound('Client');
    return client;
  }

  async overview(user: AuthUser, id: number): Promise<FleetOverview> {
    assertClientAccess(user, id);
    this.mirror.touch(id);
    await this.mirror.ready(id);
    const state = await clientSyncState(this.db, id);
    if (!state) throw notFound('Client');
    const overview =
      this.overviews.get(id, state.revision) ??
      this.overviews.set(id, state.revision, await fleetOverview(this.db, id));
    return { ...overview, lastSyncedAt: state.syncedAt };
  }

  private async withCounts(ids: readonly number[]): Promise<Client[]> {
    const revisions = await clientRevisions(this.db, ids);
    const missing = revisions.filter((r) => this.counts.get(r.id, r.revision) === undefined);
    if (missing.length > 0) {
      const fresh = await listClientsWithCounts(
        this.db,
        missing.map((r) => r.id),
      );
      for (const c of fresh) this.counts.set(c.id, missing.find((r) => r.id === c.id)?.revision ?? -1, c);
    }
    return revisions.flatMap((r) => {
      const c = this.counts.get(r.id, r.revision);
      return c ? [c] : [];
    });
  }
}
