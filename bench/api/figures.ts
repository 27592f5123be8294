/** Sign-in latency and server memory for bench:api (issue 17), measured over HTTP. */

/** Issue 17's goals, each reported beside its figure. */
export const GOALS = { signInP95Ms: 300, readRatio: 1 / 3, rssMiB: 300 };
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);

async function request(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json: unknown = await res.json();
  return { status: res.status, json, ms: performance.now() - started };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};

/**
 * Sign-in on an empty database (the first ever), then the agency list, which waits for the
 * first pulls of the user's fleets, then SIGN_INS sign-ins one after the other.
 */
export async function signInFigures(base: string) {
  const credentials = { username: 'demo', password: 'demo-password' };
  const first = await request(base, 'POST', '/api/auth/login', { body: credentials });
  const { token } = first.json as { token: string };
  const clients = await request(base, 'GET', '/api/clients', { token });
  if (clients.status !== 200) throw new Error(`clients answered ${String(clients.status)}`);
  const list = clients.json as { id: number; name: string; vehicleCount: number; deviceCount: number }[];
  const bench = list.find((c) => c.name.startsWith('BENCH'));
  if (!bench) throw new Error('benchmark agency missing');
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i += 1) {
    const r = await request(base, 'POST', '/api/auth/login', { body: credentials });
    if (r.status !== 200) throw new Error(`sign-in answered ${String(r.status)}`);
    times.push(r.ms);
  }
  return {
    token,
    bench,
    signIn: {
      firstMs: Math.round(first.ms),
      firstPullsLandedMs: Math.round(first.ms + clients.ms),
      count: SIGN_INS,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      maxMs: Math.round(Math.max(...times)),
      goalP95Ms: GOALS.signInP95Ms,
      ratio: Math.round((percentile(times, 95) / GOALS.signInP95Ms) * 100) / 100,
    },
  };
}

export async function memory(base: string): Promise<{ rssMiB: number; peakRssMiB: number }> {
  return (await request(base, 'GET', '/__bench/memory')).json as { rssMiB: number; peakRssMiB: number };
}
