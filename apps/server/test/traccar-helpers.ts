import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { loadConfig } from '../src/config.ts';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import { STANDIN_ADMIN_TOKEN, STANDIN_PASSWORD } from '../tools/traccar-standin/standin-seed.ts';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { TraccarStandin, type StandinOptions } from '../tools/traccar-standin/standin-server.ts';
import { freshDatabase } from './helpers.ts';

export interface TraccarContext {
  app: App;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The API built as `FLEET_PROVIDER=traccar` builds it, pointed at a stand-in. */
export async function createTraccarContext(
  standin: TraccarStandin,
  overrides: Partial<Record<string, string>> = {},
  background = false,
): Promise<TraccarContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toolkit-traccar-')),
    LOG_LEVEL: 'silent',
    VPIC_BASE_URL: 'http://127.0.0.1:9/unreachable',
    VPIC_TIMEOUT_MS: '300',
    FLEET_PROVIDER: 'traccar',
    TRACCAR_URL: standin.url,
    TRACCAR_TOKEN: STANDIN_ADMIN_TOKEN,
    FLEET_PROVIDER_TIMEOUT_MS: '2000',
    ...overrides,
  });
  const { database, drop } = await freshDatabase();
  try {
    const { app, deps } = await buildApp({ config, database, background });
    await app.ready();
    return {
      app,
      deps,
      async close() {
        await app.close();
        await drop();
      },
    };
  } catch (err) {
    await drop();
    throw err;
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the API with a stand-in user's Traccar e-mail and pulls their agencies. */
export async function signInToTraccar(ctx: TraccarContext, email: string): Promise<LoginResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: STANDIN_PASSWORD, rememberMe: false },
  });
  const login = res.json<LoginResponse>();
  await Promise.all(login.user.clientIds.map((id) => ctx.deps.mirror.syncFleet(id)));
  return login;
}

/** A stand-in and the API pointed at it (traccarRig). */
export interface TraccarRig {
  readonly standin: TraccarStandin;
  readonly ctx: TraccarContext;
}

/**
 * A stand-in and the API built against it, for the describe block that calls this: started before
 * its tests (`per: 'all'`) or before each test (`per: 'each'`), stopped after. Read the fields in
 * hooks and tests, once the rig has started.
 */
export function traccarRig(
  options: {
    per?: 'all' | 'each';
    standin?: StandinOptions;
    overrides?: Partial<Record<string, string>>;
    background?: boolean;
  } = {},
): TraccarRig {
  let standin: TraccarStandin | null = null;
  let ctx: TraccarContext | null = null;
  const [before, after] = options.per === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    standin = await new TraccarStandin(options.standin).start();
    ctx = await createTraccarContext(standin, options.overrides, options.background);
  });
  after(async () => {
    await ctx?.close();
    await standin?.stop();
    [ctx, standin] = [null, null];
  });
  const started = <T>(value: T | null): T => {
    if (value === null) throw new Error('The Traccar rig is used before it started');
    return value;
  };
  return {
    get standin() {
      return started(standin);
    },
    get ctx() {
      return started(ctx);
    },
  };
}
