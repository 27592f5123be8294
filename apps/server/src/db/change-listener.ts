import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CHANGE_CHANNEL, type ChangeHandlers, type ChangeListener } from '../lib/change-feed.ts';

interface PgListenerOptions {
  /** How often the connection is checked with a query; a check that fails reconnects. */
  heartbeatMs?: number;
  /** Longest wait before connecting again after a failure (starts at 100 ms, doubles). */
  maxRetryMs?: number;
}

/** The application name of the listening connection (`pg_stat_activity`). */
export const LISTENER_APPLICATION_NAME = 'toolkit-change-feed';

/**
 * One dedicated PostgreSQL connection that LISTENs on the change channel (decision 028). `up` is
 * called once it listens, `down` as soon as it is lost (error, end, a heartbeat that fails); it
 * then connects again with a growing delay until `stop`.
 */
export async function listenOnPostgres(
  connectionString: string,
  handlers: ChangeHandlers,
  options: PgListenerOptions = {},
): Promise<ChangeListener> {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  let stopped = false;
  let current: pg.Client | null = null;
  let retryMs = 100;
  let retry: NodeJS.Timeout | null = null;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.down();
    client.end().catch(() => undefined);
    if (stopped) return;
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: heartbeatMs,
    });
    current = client;
    client.on('notification', (message) => {
      if (current === client && message.channel === CHANGE_CHANNEL && message.payload)
        handlers.notify(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      lost(client);
      return;
    }
    if (current !== client) return;
    retryMs = 100;
    handlers.up();
  };

  const heartbeat = setInterval(() => {
    const client = current;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), heartbeatMs);
    });
    Promise.race([client.query('select 1'), timeout])
      .catch(() => lost(client))
      .finally(() => clearTimeout(timer));
  }, heartbeatMs);
  heartbeat.unref();

  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** PGlite is one process and one connection: its own notifications arrive with each commit. */
export async function listenOnPglite(client: PGlite, handlers: ChangeHandlers): Promise<ChangeListener> {
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => handlers.notify(payload));
  handlers.up();
  return {
    stop: async () => {
      await unlisten().catch(() => undefined);
    },
  };
}
