import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRejectedError, ProviderUnavailableError } from '../src/providers/fleet/fleet-provider.ts';
import { HttpFleetProvider } from '../src/providers/fleet/http/http-fleet-provider.ts';
import { createFleetSimulator } from '../src/providers/fleet/simulator/fleet-simulator.ts';
import { createSimulatorServer } from '../src/providers/fleet/simulator/simulator-server.ts';

/** The fleet-provider protocol is checked where it enters, on both sides of the wire. */
describe('fleet-provider protocol', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createSimulatorServer(createFleetSimulator({ seed: 3 }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${String(address.port)}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const rpc = async (method: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/rpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await res.json();
    return { status: res.status, body: json };
  };

  it('the simulator server refuses arguments of the wrong shape with 400, naming the argument', async () => {
    const sms = await rpc('sendSms', { args: ['dev-1', 'rm -rf /'] });
    expect(sms.status).toBe(400);
    expect(JSON.stringify(sms.body)).toContain('Bad argument 1');
    expect((await rpc('listVehicles', { args: [42] })).status).toBe(400);
    expect((await rpc('listVehicles', ['not', 'an', 'object'])).status).toBe(400);
    const agencies = await rpc('listClients', { args: [['ag-100']] });
    expect(agencies.status).toBe(200);
  });

  it('the HTTP provider takes answers that match the protocol and refuses the others', async () => {
    const provider = new HttpFleetProvider({ baseUrl, timeoutMs: 2000, retries: 0 });
    const [agency] = await provider.listClients(['ag-100']);
    expect(agency?.externalId).toBe('ag-100');
    await expect(provider.sendSms('no-such-device', '!R0')).rejects.toBeInstanceOf(ProviderRejectedError);

    const malformed = new HttpFleetProvider({
      baseUrl: 'http://platform.invalid',
      timeoutMs: 2000,
      retries: 0,
      fetch: () => Promise.resolve(Response.json({ result: [{ externalId: 7, name: null }] })),
    });
    await expect(malformed.listClients(['ag-100'])).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
