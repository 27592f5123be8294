import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type ProviderCreateDeviceInput,
  type ProviderUpload,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import { RPC_METHODS, type RpcMethod } from '../http/rpc.ts';
import { createFleetSimulator, type FleetSimulator, type SimulatorFailures } from './fleet-simulator.ts';

type Handler = (args: unknown[], idempotencyKey?: string) => Promise<unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const PATCH_KEYS = ['vin', 'make', 'model', 'year', 'odometer'] as const;

/** Only the fields a vehicle patch may carry, with their types checked. */
function vehiclePatch(raw: unknown): ProviderVehiclePatch {
  const patch: ProviderVehiclePatch = {};
  if (typeof raw !== 'object' || raw === null) return patch;
  const source = raw as Record<string, unknown>;
  for (const key of PATCH_KEYS) {
    const value = source[key];
    if (value === null) patch[key] = null;
    else if ((key === 'year' || key === 'odometer') && typeof value === 'number') patch[key] = value;
    else if (key !== 'year' && key !== 'odometer' && typeof value === 'string') patch[key] = value;
  }
  return patch;
}

function handlers(sim: FleetSimulator): Record<RpcMethod, Handler> {
  return {
    signIn: (a) => sim.signIn(str(a[0]), str(a[1])),
    listClients: (a) => sim.listClients(Array.isArray(a[0]) ? a[0].map(str) : []),
    listVehicles: (a) => sim.listVehicles(str(a[0])),
    listDevices: (a) => sim.listDevices(str(a[0])),
    getDevice: (a) => sim.getDevice(str(a[0])),
    listDeviceSystems: (a) => sim.listDeviceSystems(str(a[0])),
    listSoftwareVersions: (a) => sim.listSoftwareVersions(a[0] === 'addon' ? 'addon' : 'production'),
    updateVehicle: (a, key) => sim.updateVehicle(str(a[0]), vehiclePatch(a[1]), key),
    assignDevice: (a, key) => sim.assignDevice(str(a[0]), str(a[1]), key),
    unassignDevice: (a, key) => sim.unassignDevice(str(a[0]), key),
    createDevice: (a, key) => sim.createDevice(a[0] as ProviderCreateDeviceInput, key),
    sendSms: (a) => sim.sendSms(str(a[0]), str(a[1]) as SmsCommand),
    tabletOperation: (a) =>
      sim.tabletOperation(
        str(a[0]),
        str(a[1]) as TabletOperation,
        typeof a[2] === 'string' ? a[2] : undefined,
      ),
    upload: (a) => sim.upload(a[0] as ProviderUpload),
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > 16 * 1024 * 1024) throw new ProviderRejectedError('Request too large', 413);
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderRejectedError('Body is not JSON', 400);
  }
}

/** Serves a simulator over HTTP: the HTTP provider's counterpart (`npm run simulator`). */
export function createSimulatorServer(sim: FleetSimulator): Server {
  const table = handlers(sim);
  const methods = new Set<string>(RPC_METHODS);
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://simulator');
    void (async () => {
      try {
        if (req.method === 'GET' && url.pathname === '/health')
          return send(200, {
            ok: true,
            ...sim.counts(),
            failures: sim.getFailures(),
            keyedWrites: sim.keyedWriteStats(),
          });
        if (req.method !== 'POST') return send(405, { error: { message: 'Use POST' } });
        const body = await readJson(req);
        if (url.pathname === '/control/failures') {
          sim.setFailures(body as Partial<SimulatorFailures>);
          return send(200, { result: sim.getFailures() });
        }
        const method = url.pathname.replace(/^\/rpc\//, '');
        if (!url.pathname.startsWith('/rpc/') || !methods.has(method))
          return send(404, { error: { message: `Unknown method ${method}` } });
        const args =
          typeof body === 'object' && body !== null && 'args' in body && Array.isArray(body.args)
            ? (body.args as unknown[])
            : [];
        const key = req.headers['idempotency-key'];
        const result = await table[method as RpcMethod](args, typeof key === 'string' ? key : undefined);
        send(200, { result: result ?? null });
      } catch (err) {
        if (err instanceof ProviderRejectedError)
          return send(err.status, { error: { message: err.message } });
        if (err instanceof ProviderUnavailableError) return send(503, { error: { message: err.message } });
        send(500, { error: { message: err instanceof Error ? err.message : 'Internal error' } });
      }
    })();
  });
}

const isMain = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const port = Number(process.env.SIMULATOR_PORT ?? 4010);
  const sim = createFleetSimulator({
    seed: process.env.SIMULATOR_SEED ? Number(process.env.SIMULATOR_SEED) : undefined,
    failures: {
      latencyMs: Number(process.env.SIMULATOR_LATENCY_MS ?? 0),
      errorRate: Number(process.env.SIMULATOR_ERROR_RATE ?? 0),
    },
  });
  sim.start();
  const server = createSimulatorServer(sim);
  server.listen(port, '127.0.0.1', () => {
    const c = sim.counts();
    console.log(
      `Fleet simulator on http://127.0.0.1:${String(port)} (${String(c.clients)} agencies, ${String(c.vehicles)} vehicles, ${String(c.devices)} devices)`,
    );
    console.log(
      `Point the server at it: FLEET_PROVIDER=http FLEET_PROVIDER_URL=http://127.0.0.1:${String(port)} npm start`,
    );
  });
  const stop = () => {
    sim.stop();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
