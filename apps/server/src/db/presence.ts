import pg from 'pg';

/**
 * Signs of life of the server processes on one database (decision 038): which instance ids
 * belong to a process that still runs, so what a dead one held can be released at once.
 */
export interface Presence {
  /** Shows `id` as alive until the returned function is called (or the process dies). */
  join(id: string): Promise<() => Promise<void>>;
  /** The ids among `ids` that are alive now. */
  present(ids: readonly string[]): Promise<Set<string>>;
}

/**
 * PGlite: one process opens a data directory, so the instances alive are the ones this process
 * started on it (tests build several apps on one database); any other holder died.
 */
export function inProcessPresence(): Presence {
  const alive = new Set<string>();
  return {
    join(id) {
      alive.add(id);
      return Promise.resolve(() => {
        alive.delete(id);
        return Promise.resolve();
      });
    },
    present(ids) {
      return Promise.resolve(new Set(ids.filter((id) => alive.has(id))));
    },
  };
}

/** Prefix of the application name of an instance's presence connection (`pg_stat_activity`). */
const PRESENCE_APPLICATION_PREFIX = 'toolkit-instance:';
const RETRY_MS = 1_000;

/**
 * PostgreSQL: each instance keeps one connection named after it. The server ends a connection
 * whose process died (SIGKILL included: the kernel closes its socket), so the connection's
 * presence in `pg_stat_activity` tells, at once, whether the process lives. A lost connection
 * (the server restarted) is opened again every second.
 */
export function postgresPresence(connectionString: string, pool: pg.Pool): Presence {
  return {
    async join(id) {
      let stopped = false;
      let current: pg.Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      const lost = (client: pg.Client) => {
        if (current !== client) return;
        current = null;
        client.end().catch(() => undefined);
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = null;
          connect().catch(() => undefined);
        }, RETRY_MS);
        retry.unref();
      };
      const connect = async () => {
        if (stopped) return;
        const client = new pg.Client({
          connectionString,
          application_name: `${PRESENCE_APPLICATION_PREFIX}${id}`,
          keepAlive: true,
        });
        current = client;
        client.on('error', () => lost(client));
        client.on('end', () => lost(client));
        try {
          await client.connect();
        } catch (err) {
          lost(client);
          throw err;
        }
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const client = current;
        current = null;
        await client?.end().catch(() => undefined);
      };
    },
    async present(ids) {
      if (ids.length === 0) return new Set();
      const names = ids.map((id) => `${PRESENCE_APPLICATION_PREFIX}${id}`);
      const { rows } = await pool.query<{ name: string }>(
        'select distinct application_name as name from pg_stat_activity where application_name in (select unnest($1::text[]))',
        [names],
      );
      return new Set(rows.map((r) => r.name.slice(PRESENCE_APPLICATION_PREFIX.length)));
    },
  };
}
