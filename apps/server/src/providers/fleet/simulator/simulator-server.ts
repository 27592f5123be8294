import { createServer, type IncomingMessage, type Server } from 'node:http';
import { z } from 'zod';
import { ProviderRejectedError, ProviderUnavailableError } from '../fleet-provider.ts';
import { RPC_METHODS, type RpcMethod } from '../http/rpc.ts';
import {
  ProviderCreateDeviceInputSchema,
  ProviderUploadSchema,
  ProviderVehiclePatchSchema,
  RpcRequestSchema,
  SmsCommandSchema,
  SoftwareTypeSchema,
  TabletOperationSchema,
} from '../protocol.ts';
import { createFleetSimulator, type FleetSimulator } from './fleet-simulator.ts';

type Handler = (args: unknown[], idempotencyKey?: string) => Promise<unknown>;

const id = z.string();
const FailuresSchema = z.object({
  latencyMs: z.number().min(0).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  outage: z.boolean().optional(),
});

/** Parses one positional argument of an RPC; a wrong one answers 400 naming it. */
function arg<T>(args: unknown[], index: number, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(args[index]);
  if (!parsed.success)
    throw new ProviderRejectedError(
      `Bad argument ${String(index)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      400,
    );
  return parsed.data;
}

function handlers(sim: FleetSimulator): Record<RpcMethod, Handler> {
  return {
    signIn: (a) => sim.signIn(arg(a, 0, id), arg(a, 1, id)),
    accountIdOf: (a) => sim.accountIdOf(arg(a, 0, id)),
    listClients: (a) => sim.listClients(arg(a, 0, z.array(id))),
    listVehicles: (a) => sim.listVehicles(arg(a, 0, id)),
    listDevices: (a) => sim.listDevices(arg(a, 0, id)),
    getDevice: (a) => sim.getDevice(arg(a, 0, id)),
    listDeviceSystems: (a) => sim.listDeviceSystems(arg(a, 0, id)),
    listSoftwareVersions: (a) => sim.listSoftwareVersions(arg(a, 0, SoftwareTypeSchema)),
    updateVehicle: (a, key) => sim.updateVehicle(arg(a, 0, id), arg(a, 1, ProviderVehiclePatchSchema), key),
    assignDevice: (a, key) => sim.assignDevice(arg(a, 0, id), arg(a, 1, id), key),
    unassignDevice: (a, key) => sim.unassignDevice(arg(a, 0, id), key),
    createDevice: (a, key) => sim.createDevice(arg(a, 0, ProviderCreateDeviceInputSchema), key),
    sendSms: (a) => sim.sendSms(arg(a, 0, id), arg(a, 1, SmsCommandSchema)),
    tabletOperation: (a) =>
      sim.tabletOperation(
        arg(a, 0, id),
        arg(a, 1, TabletOperationSchema),
        arg(a, 2, z.string().nullish()) ?? undefined,
      ),
    upload: (a) => sim.upload(arg(a, 0, ProviderUploadSchema)),
  };
}

const isRpcMethod = (name: string): name is RpcMethod => RPC_METHODS.some((m) => m === name);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > 16 * 1024 * 1024) throw new ProviderRejectedError('Request too large', 413);
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw new ProviderRejectedError('Body is not JSON', 400);
  }
}

/** Serves a simulator over HTTP: the HTTP provider's counterpart (`npm run simulator`). */
export function createSimulatorServer(sim: FleetSimulator): Server {
  const table = handlers(sim);
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
          const failures = FailuresSchema.safeParse(body);
          if (!failures.success) return send(400, { error: { message: 'Bad failures body' } });
          sim.setFailures(failures.data);
          return send(200, { result: sim.getFailures() });
        }
        const method = url.pathname.replace(/^\/rpc\//, '');
        if (!url.pathname.startsWith('/rpc/') || !isRpcMethod(method))
          return send(404, { error: { message: `Unknown method ${method}` } });
        const request = RpcRequestSchema.safeParse(body);
        if (!request.success) return send(400, { error: { message: 'Body must be { args: [...] }' } });
        const key = req.headers['idempotency-key'];
        const result = await table[method](request.data.args, typeof key === 'string' ? key : undefined);
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
