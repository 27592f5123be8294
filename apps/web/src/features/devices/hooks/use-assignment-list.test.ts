import { act, waitFor } from '@testing-library/react';
import type { DeviceDetail } from '@toolkit/contracts/devices.ts';
import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { apiError, deferred, installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderHookWithQueryClient } from '../../../test/render.tsx';
import { useAssignmentList, type AssignmentListOptions } from './use-assignment-list.ts';

const loose = { vehicleId: null, vehicleLabel: null };
const gps = makeDevice('GPS-100', 'GPS', loose);
const tablet = makeDevice('TAB-200', 'Tablet', loose);
const onOtherBus = makeDevice('RTR-300', 'Router', { vehicleId: 12, vehicleLabel: '1002' });
const onThisBus = makeDevice('APC-400', 'APC', { vehicleId: 11, vehicleLabel: '1001' });
const detail = (d: typeof gps): DeviceDetail => ({ ...d, history: [] });

const api = installFetchMock();

const ids = (list: readonly { deviceId: string }[]) => list.map((d) => d.deviceId);

function renderList(options?: AssignmentListOptions) {
  return renderHookWithQueryClient(() => useAssignmentList(3, options)).result;
}

describe('useAssignmentList', () => {
  it('adds devices in order and ignores a repeat (any case) with the §5 message', () => {
    const list = renderList();
    act(() => expect(list.current.add(gps)).toBeNull());
    act(() => expect(list.current.add(tablet)).toBeNull());
    let problem: unknown;
    act(() => {
      problem = list.current.add(makeDevice('gps-100', 'GPS', loose));
    });
    expect(problem).toEqual({
      title: 'Device already added',
      message: 'gps-100 is already in the assignment list',
    });
    expect(ids(list.current.list)).toEqual(['GPS-100', 'TAB-200']);
  });

  it('counts a device added twice before the next render once', () => {
    const list = renderList();
    const problems: unknown[] = [];
    act(() => {
      problems.push(list.current.add(gps), list.current.add(gps));
    });
    expect(problems).toEqual([null, expect.objectContaining({ title: 'Device already added' })]);
    expect(ids(list.current.list)).toEqual(['GPS-100']);
  });

  it('removes one device and clears them all', () => {
    const list = renderList();
    act(() => {
      list.current.add(gps);
      list.current.add(tablet);
      list.current.add(onOtherBus);
    });
    act(() => list.current.remove('TAB-200'));
    expect(ids(list.current.list)).toEqual(['GPS-100', 'RTR-300']);
    act(() => list.current.clear());
    expect(list.current.list).toEqual([]);
    expect(list.current.assignmentTo(11).deviceIds).toEqual([]);
  });

  it('keeps the vehicle each device was seen on, and names the ones to move', () => {
    const list = renderList();
    act(() => {
      list.current.add(gps);
      list.current.add(onOtherBus);
      list.current.add(onThisBus);
    });
    expect(list.current.assignmentTo(11)).toEqual({
      deviceIds: ['GPS-100', 'RTR-300', 'APC-400'],
      vehicleId: 11,
      clientId: 3,
      expected: [
        { deviceId: 'GPS-100', vehicleId: null },
        { deviceId: 'RTR-300', vehicleId: 12 },
        { deviceId: 'APC-400', vehicleId: 11 },
      ],
    });
    // Already on 11: no move; on 12: a move from 1002.
    expect(list.current.movesTo(11)).toEqual([{ deviceId: 'RTR-300', from: '1002' }]);
    expect(list.current.movesTo(12)).toEqual([{ deviceId: 'APC-400', from: '1001' }]);
  });

  it('looks a typed id up in the agency; an unknown, a foreign or a listed one is refused', async () => {
    api.on('GET', '/api/devices/GPS-100', json(detail(gps)));
    api.on('GET', '/api/devices/GPS-900', json(detail(makeDevice('GPS-900', 'GPS', { clientId: 99 }))));
    api.on('GET', '/api/devices/NOPE', apiError(404, 'NOT_FOUND', 'Device not found'));
    const list = renderList();
    await act(async () => expect(await list.current.addById('  GPS-100 ')).toBeNull());
    expect(ids(list.current.list)).toEqual(['GPS-100']);
    const notFound = { title: 'Device not found', message: 'Device not found' };
    await act(async () => expect(await list.current.addById('NOPE')).toEqual(notFound));
    await act(async () => expect(await list.current.addById('GPS-900')).toEqual(notFound));
    // A listed id is refused before any lookup.
    const before = api.calls.length;
    await act(async () =>
      expect(await list.current.addById('gps-100')).toEqual({
        title: 'Device already added',
        message: 'gps-100 is already in the assignment list',
      }),
    );
    expect(api.calls).toHaveLength(before);
    await act(async () =>
      expect(await list.current.addById('   ')).toEqual(
        expect.objectContaining({ message: 'Device ID is required' }),
      ),
    );
    expect(ids(list.current.list)).toEqual(['GPS-100']);
  });

  it('says a lookup is out, and keeps a device added meanwhile', async () => {
    const held = deferred();
    api.on('GET', '/api/devices/GPS-100', held.answer);
    const list = renderList();
    let typed: Promise<unknown> = Promise.resolve();
    act(() => {
      typed = list.current.addById('GPS-100');
    });
    await waitFor(() => expect(list.current.looking).toBe(true));
    act(() => {
      list.current.add(tablet);
    });
    await act(async () => {
      held.resolve(json(detail(gps)));
      await typed;
    });
    expect(list.current.looking).toBe(false);
    expect(ids(list.current.list)).toEqual(['TAB-200', 'GPS-100']);
  });

  it('holding one device, a new choice replaces the last; it can start with one', () => {
    const list = renderList({ single: true, initial: [onOtherBus] });
    expect(list.current.movesTo(11)).toEqual([{ deviceId: 'RTR-300', from: '1002' }]);
    act(() => expect(list.current.add(gps)).toBeNull());
    act(() => expect(list.current.add(gps)).toBeNull());
    expect(ids(list.current.list)).toEqual(['GPS-100']);
    expect(list.current.assignmentTo(11).expected).toEqual([{ deviceId: 'GPS-100', vehicleId: null }]);
  });
});
