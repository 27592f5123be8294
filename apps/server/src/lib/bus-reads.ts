import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from './app-error.ts';
import { announceLocalVehicleChange, type AgencyState, type ChangeFeed } from './change-feed.ts';
import { afterCommit } from './request-transaction.ts';
import { compressedBody, pickEncoding, type CachedBody } from './revision-cache.ts';
import type { AuthUser } from './types.ts';

/**
 * What a bus's reads are made of (decision 051): its agency, whose revision moves with every
 * change to the bus's row and its devices' state (decision 005), and the bus's own revision,
 * which moves with its notes, photos, log, tests, uploads and devices coming or going.
 */
export interface BusState extends AgencyState {
  clientId: number;
  vehicleRevision: number;
}

/** The bus's state in the database (one indexed query), or null when there is no such vehicle. */
export type ReadBusState = (vehicleId: number) => Promise<BusState | null>;

/** One read of a bus. */
export interface BusRead<S extends z.ZodType> {
  vehicleId: number;
  user: AuthUser;
  /** Names the read in the cache; a read whose answer depends on the user names the user's scope too. */
  kind: string;
  /** The answer's contract: the body is encoded with it once, as the route's serializer would. */
  schema: S;
  load: () => Promise<z.output<S>>;
  /** Told the bus's agency once the bus is known to be the user's. */
  seen?: (clientId: number) => void;
  /**
   * The answer when the bus is not the user's (or does not exist), sent through the route's
   * serializer; without it, 404 as every bus read answers another agency's bus.
   */
  otherwise?: () => Promise<unknown>;
}

interface Entry {
  state: BusState;
  cached: CachedBody;
}

const sameState = (a: BusState, b: BusState) =>
  a.clientId === b.clientId && a.revision === b.revision && a.vehicleRevision === b.vehicleRevision;

/** Either state at least as new as the other in both revisions: the newer one. */
const newer = (a: BusState, b: BusState) =>
  a.revision >= b.revision && a.vehicleRevision >= b.vehicleRevision;

/**
 * After a write to a bus's records commits, this process's reads of the bus ask the database
 * again instead of waiting for the notification of its own commit (decision 051; as decision
 * 028 does for agencies). Inside a request's transaction it runs when that commits.
 */
export function vehicleRecordsChanged(vehicleId: number | null | undefined): void {
  if (vehicleId === null || vehicleId === undefined) return;
  afterCommit(() => announceLocalVehicleChange(vehicleId));
}

/**
 * A bus's own reads (the vehicle, its devices, notes, photos, log, tests, uploads), kept
 * serialised per read and bus with the state they were built from (decision 051). While the change
 * feed is live and holds the bus's agency revision and its revision, a repeated read checks them
 * in memory and sends the bytes: no query, no serialisation. Otherwise one indexed query reads the
 * state; the answer is built again only when it moved, under the state read before building, so a
 * change committed meanwhile is never hidden. Bounded in size (least recently built first out).
 */
export class BusReads {
  private readonly entries = new Map<string, Entry>();
  /** Builds in progress, per read and state: concurrent misses share one. */
  private readonly building = new Map<string, Promise<Entry>>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly readState: ReadBusState,
    private readonly maxEntries = 5000,
  ) {}

  async send<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: BusRead<S>,
  ): Promise<FastifyReply> {
    const entry = await this.answer(read);
    if (!entry) {
      if (!read.otherwise) throw notFound('Vehicle');
      return reply.send(await read.otherwise());
    }
    const { cached } = entry;
    reply
      .header('ETag', cached.etag)
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = cached.body.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(cached.body);
    return reply.header('Content-Encoding', encoding).send(await compressedBody(cached, encoding));
  }

  /** The read's answer, or null when the bus is not the user's or does not exist. */
  async answer<S extends z.ZodType>(read: BusRead<S>): Promise<Entry | null> {
    const key = `${read.kind}:${String(read.vehicleId)}`;
    const hit = this.entries.get(key);
    if (hit && this.held(hit.state, read.vehicleId)) return this.visible(read, hit.state) ? hit : null;
    const state = await this.currentState(read.vehicleId);
    if (!state || !this.visible(read, state)) return null;
    const again = this.entries.get(key);
    if (again && sameState(again.state, state)) return again;
    return this.build(key, state, read);
  }

  /** True when the feed holds both revisions the entry was built from, unchanged. */
  private held(state: BusState, vehicleId: number): boolean {
    return (
      this.feed.agency(state.clientId)?.revision === state.revision &&
      this.feed.vehicle(vehicleId) === state.vehicleRevision
    );
  }

  private visible<S extends z.ZodType>(read: BusRead<S>, state: BusState): boolean {
    if (!read.user.clientIds.includes(state.clientId)) return false;
    read.seen?.(state.clientId);
    return true;
  }

  /** Reads the bus's state and lets the feed keep it (unless something changed meanwhile). */
  private async currentState(vehicleId: number): Promise<BusState | null> {
    const ticket = this.feed.ticket();
    const state = await this.readState(vehicleId);
    if (state) {
      this.feed.rememberAgency(
        state.clientId,
        { revision: state.revision, syncedAt: state.syncedAt },
        ticket,
      );
      this.feed.rememberVehicle(vehicleId, state.vehicleRevision, ticket);
    }
    return state;
  }

  private build<S extends z.ZodType>(key: string, state: BusState, read: BusRead<S>): Promise<Entry> {
    const signature = `${key}|${String(state.clientId)}:${String(state.revision)}:${String(state.vehicleRevision)}`;
    let pending = this.building.get(signature);
    if (!pending) {
      pending = read
        .load()
        .then((value) => this.keep(key, state, Buffer.from(JSON.stringify(z.encode(read.schema, value)))))
        .finally(() => this.building.delete(signature));
      this.building.set(signature, pending);
    }
    return pending;
  }

  private keep(key: string, state: BusState, body: Buffer): Entry {
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    const entry: Entry = { state, cached: { revision: state.revision, body, etag, variants: new Map() } };
    const current = this.entries.get(key);
    // A slower build of an older state never replaces a newer one.
    if (current && !sameState(current.state, state) && newer(current.state, state)) return entry;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }
}
