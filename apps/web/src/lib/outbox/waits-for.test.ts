import { describe, expect, it } from 'vitest';
import { apiError, installFetchMock, json, networkError } from '../../test/mock-fetch.ts';
import { withLocalIdReplaced } from './local-ids.ts';
import {
  CREATE_GIVEN_UP,
  discard,
  enqueue,
  flush,
  localIdOf,
  retry,
  serverIdFor,
  waitingOn,
} from './outbox.ts';
import { withServerId } from './server-ids.ts';

const api = installFetchMock();

const vehicleCreate = {
  label: 'Vehicle BUS-9 created',
  method: 'POST' as const,
  url: '/api/vehicles',
  body: { vehicleId: 'BUS-9', description: null, clientId: 3, route: null, status: 'active' },
  keyPrefix: 'vehicle-create',
  creates: true,
};

/**
 * Writes about the vehicle made without signal, as screens make them: they name it by its local id
 * (the one the screens show it with), nothing else; the outbox finds the wait itself.
 */
const onNewVehicle = (key: string, local = localIdOf(key)) => ({
  assign: {
    label: 'Devices GPS-1 to BUS-9',
    method: 'POST' as const,
    url: '/api/devices/assign',
    body: { deviceIds: ['GPS-1'], vehicleId: local, clientId: 3 },
    keyPrefix: 'assign',
  },
  note: {
    label: 'Note',
    method: 'POST' as const,
    url: '/api/notes',
    body: { vehicleId: local, noteType: 'General', content: 'Dead zone', deviceId: null },
    keyPrefix: 'note',
  },
  info: {
    label: 'Vehicle BUS-9 updated',
    method: 'PATCH' as const,
    url: `/api/vehicles/${String(local)}`,
    body: { vin: null, make: 'Gillig', model: null, year: null, odometer: null },
    keyPrefix: 'vehicle-update',
  },
});

describe('writes that wait for a vehicle created without signal', () => {
  it('put the server id where the local id was: body fields and URL segments, nothing else', () => {
    expect(
      withLocalIdReplaced(
        { url: '/api/vehicles/-7?x=-7', body: { vehicleId: -7, count: 7, other: -70 } },
        -7,
        42,
      ),
    ).toEqual({ url: '/api/vehicles/42?x=-7', body: { vehicleId: 42, count: 7, other: -70 } });
    // An entry kept by an earlier version names the field and `{field}` in its URL: still sent right.
    expect(
      withServerId(
        { url: '/api/vehicles/{vehicleId}', body: { a: 1 } },
        { key: 'k', field: 'vehicleId' },
        42,
      ),
    ).toEqual({ url: '/api/vehicles/42', body: { a: 1, vehicleId: 42 } });
  });

  it('the outbox itself finds that a write names a create’s local id and holds it (the screen says nothing of it)', async () => {
    api.on('POST', '/api/vehicles', networkError());
    const create = await enqueue(vehicleCreate);
    const note = await enqueue(onNewVehicle(create.idempotencyKey).note);
    expect(waitingOn(note)).toBe(create.idempotencyKey);
    const unrelated = await enqueue({ ...onNewVehicle(create.idempotencyKey, 12).note });
    expect(waitingOn(unrelated)).toBeNull();
  });

  it('wait for the create, then go with the real id, in order, each once under its own key', async () => {
    api.on('POST', '/api/vehicles', networkError());
    const create = await enqueue(vehicleCreate);
    const w = onNewVehicle(create.idempotencyKey);
    const assign = await enqueue(w.assign);
    const note = await enqueue(w.note);
    const info = await enqueue(w.info);
    let now = 1_000_000;
    expect(await flush(() => now)).toHaveLength(4);
    // Nothing about the vehicle went before it: one try of the create only.
    expect(api.calls.map((c) => c.url)).toEqual(['/api/vehicles']);

    api.on('POST', '/api/vehicles', json({ id: 77, vehicleId: 'BUS-9' }, 201));
    api.on('POST', '/api/devices/assign', json({ devices: [], assignmentResults: [], message: 'ok' }));
    api.on('POST', '/api/notes', json({ id: 5 }, 201));
    api.on('PATCH', '/api/vehicles/77', json({ id: 77 }));
    now += 60_000;
    expect(await flush(() => now)).toEqual([]);
    const sent = api.calls.slice(1);
    expect(sent.map((c) => [c.method, c.url, c.headers['Idempotency-Key']])).toEqual([
      ['POST', '/api/vehicles', create.idempotencyKey],
      ['POST', '/api/devices/assign', assign.idempotencyKey],
      ['POST', '/api/notes', note.idempotencyKey],
      ['PATCH', '/api/vehicles/77', info.idempotencyKey],
    ]);
    expect(sent[1]?.body).toEqual({ deviceIds: ['GPS-1'], vehicleId: 77, clientId: 3 });
    expect(sent[2]?.body).toMatchObject({ vehicleId: 77, content: 'Dead zone' });
    expect(await serverIdFor(create.idempotencyKey)).toBe(77);
    // Exactly once: nothing is left to send again.
    expect(await flush(() => now + 600_000)).toEqual([]);
    expect(api.calls).toHaveLength(5);
  });

  it('a write made just after the create went (the screen still showed it pending) goes with its id', async () => {
    api.on('POST', '/api/vehicles', json({ id: 78, vehicleId: 'BUS-9' }, 201));
    const create = await enqueue(vehicleCreate);
    await flush();
    api.on('POST', '/api/notes', json({ id: 6 }, 201));
    await enqueue(onNewVehicle(create.idempotencyKey).note);
    expect(await flush()).toEqual([]);
    expect(api.calls[1]?.body).toMatchObject({ vehicleId: 78 });
  });

  it('while the create is refused they wait with it; if it is given up they are kept, refused, never sent', async () => {
    api.on('POST', '/api/vehicles', apiError(400, 'VALIDATION', 'Vehicle BUS-9 already exists'));
    const create = await enqueue(vehicleCreate);
    await enqueue(onNewVehicle(create.idempotencyKey).note);
    const left = await flush();
    expect(left.map((e) => [e.label, e.state])).toEqual([
      ['Vehicle BUS-9 created', 'refused'],
      ['Note', 'waiting'],
    ]);
    await discard(left[0]?.id ?? '');
    const after = await flush();
    expect(after.map((e) => [e.label, e.state, e.error])).toEqual([['Note', 'refused', CREATE_GIVEN_UP]]);
    expect(api.calls.map((c) => c.url)).toEqual(['/api/vehicles']);
  });

  it('a refused create retried goes under a new key (the server keeps its refusal under the first) and what waits for it still finds it', async () => {
    api.on('POST', '/api/vehicles', apiError(400, 'VALIDATION', 'Vehicle BUS-9 already exists'));
    const create = await enqueue(vehicleCreate);
    await enqueue(onNewVehicle(create.idempotencyKey).note);
    const [refused] = await flush();
    api.on('POST', '/api/vehicles', json({ id: 79, vehicleId: 'BUS-9' }, 201));
    api.on('POST', '/api/notes', json({ id: 7 }, 201));
    await retry(refused?.id ?? '');
    const creates = api.calls.filter((c) => c.url === '/api/vehicles');
    expect(creates).toHaveLength(2);
    expect(creates[1]?.headers['Idempotency-Key']).not.toBe(create.idempotencyKey);
    expect(api.calls.at(-1)?.body).toMatchObject({ vehicleId: 79 });
    expect(await serverIdFor(create.idempotencyKey)).toBe(79);
  });
});
