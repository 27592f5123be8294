import { act, screen } from '@testing-library/react';
import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import type { ConfigTest } from '@toolkit/contracts/config-tests.ts';
import type { DeviceDetail } from '@toolkit/contracts/devices.ts';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ClientsScreen } from '../features/clients/components/clients-screen.tsx';
import { DeviceDetailScreen } from '../features/devices/components/device-detail-screen.tsx';
import { DevicesScreen } from '../features/devices/components/devices-screen.tsx';
import { InstallationScreen } from '../features/installation/components/installation-screen.tsx';
import { OverviewScreen } from '../features/overview/components/overview-screen.tsx';
import { VehiclesScreen } from '../features/vehicles/components/vehicles-screen.tsx';
import { WorkspaceScreen } from '../features/workspace/components/workspace-screen.tsx';
import { keyToPath } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { DEMO_USER, makeDevice, makeLog, makeVehicle } from '../test/fixtures.ts';
import { deferred, installFetchMock, json, networkError } from '../test/mock-fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { goOffline, HOUR, MINUTE, restoreCopies, type Copy } from '../test/saved-copies.ts';

const api = installFetchMock();

const agency: Client = {
  id: 3,
  name: 'VVT',
  fullName: 'Valley Vista Transit',
  region: null,
  vehicleCount: 1,
  deviceCount: 2,
  onlineDeviceCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const overview: FleetOverview = {
  clientId: 3,
  totalVehicles: 318,
  totalDevices: 1203,
  onlineDevices: 799,
  vehicleStatus: { online: 136, unknown: 126, offline: 56 },
  deviceTypes: { Other: 98, APC: 173, Router: 305, Tablet: 299, GPS: 328 },
  lastSyncedAt: null,
};
const bus = makeVehicle({ id: 11, vehicleId: '1001', description: 'Gillig 40ft' });
const gps = makeDevice('4661200001', 'GPS');
const detail: DeviceDetail = { ...gps, history: [] };
const photo: Photo = {
  id: 5,
  vehicleId: 11,
  photoUrl: '/api/photos/5/image',
  thumbnailUrl: '/api/photos/5/thumbnail',
  contentHash: null,
  photoType: 'before',
  description: 'Cab before the install',
  deviceId: null,
  takenBy: 1,
  takenAt: '2026-11-24T09:00:00.000Z',
  uploadedToNavigator: false,
  navigatorUploadedAt: null,
};
const note: Note = {
  id: 41,
  vehicleId: 11,
  noteType: 'issue',
  content: 'Loose harness behind the driver seat',
  deviceId: null,
  createdBy: 1,
  createdAt: '2026-11-24T09:30:00.000Z',
  uploadedToNavigator: false,
  navigatorUploadedAt: null,
};
const noTests: ConfigTest[] = [];
const noop = () => undefined;

type ScreenCase = {
  name: string;
  ui: ReactElement;
  route: string;
  /** What the earlier session kept on this phone. */
  copies: Omit<Copy, 'age'>[];
  /** Finds the kept data on the screen. */
  shows: () => Promise<HTMLElement[]>;
};

const SCREEN_CASES: ScreenCase[] = [
  {
    name: 'Select Client',
    ui: <ClientsScreen userName="Dana Installer" onSelect={noop} onLogout={noop} />,
    // (the test router's /clients is a stand-in page)
    route: '/',
    copies: [{ queryKey: ['/api/clients'], data: [agency] }],
    shows: () => screen.findAllByText('Valley Vista Transit'),
  },
  {
    name: 'Fleet Overview',
    ui: <OverviewScreen />,
    route: '/overview',
    copies: [
      { queryKey: ['/api/clients', 3], data: agency },
      { queryKey: ['/api/clients', 3, 'overview'], data: overview },
    ],
    shows: () => screen.findAllByRole('link', { name: /Total Vehicles\s*318/ }),
  },
  {
    name: 'Vehicles',
    ui: <VehiclesScreen />,
    route: '/vehicles',
    copies: [{ queryKey: ['/api/vehicles/client', 3], data: [bus] }],
    shows: () => screen.findAllByText('Total: 1 vehicle'),
  },
  {
    name: 'Devices',
    ui: <DevicesScreen />,
    route: '/devices',
    copies: [{ queryKey: ['/api/devices/client', 3], data: [gps] }],
    shows: () => screen.findAllByText('4661200001'),
  },
  {
    name: 'Device detail',
    ui: <DeviceDetailScreen deviceId="4661200001" />,
    route: '/devices/4661200001',
    copies: [{ queryKey: ['/api/devices', '4661200001'], data: detail }],
    shows: () => screen.findAllByText('Vehicle 1001'),
  },
  {
    name: 'Installation',
    ui: <InstallationScreen vehicleId={11} />,
    route: '/vehicle/11/installation',
    copies: [
      { queryKey: ['/api/vehicles', 11], data: bus },
      { queryKey: ['/api/photos/vehicle', 11], data: [photo] },
      { queryKey: ['/api/notes/vehicle', 11], data: [note] },
      { queryKey: ['/api/navigator-uploads/vehicle', 11], data: [] },
    ],
    shows: () => screen.findAllByText('Loose harness behind the driver seat'),
  },
  {
    name: 'Installer Workspace',
    ui: <WorkspaceScreen />,
    route: '/dashboard?vehicleId=11',
    copies: [
      { queryKey: ['/api/clients', 3], data: agency },
      { queryKey: ['/api/vehicles/client', 3], data: [bus] },
      { queryKey: ['/api/devices/vehicle', 11], data: [gps] },
      { queryKey: ['/api/logs', { vehicleId: 11 }], data: [makeLog(1, 'Device Assignment', note.createdAt)] },
      { queryKey: ['/api/config/test/vehicle', 11], data: noTests },
    ],
    shows: () => screen.findAllByRole('list', { name: 'Devices on 1001' }),
  },
];

// The copy's time, with its day when it is not today's (a copy of 2 h ago, just after midnight).
const OFFLINE_COPY = /^Offline copy from (\d{1,2} [A-Z][a-z]{2}, )?\d\d:\d\d$/;
const NOTHING_SAVED = 'You are offline and nothing is saved on this phone yet.';

/** No skeleton is left spinning: every 'Loading ...' status region is gone. */
const loadingRegions = () => screen.queryAllByRole('status', { name: /^Loading/ });

/**
 * Without signal a request never gets an answer. Lists wait for the network and ask nothing; only
 * the vehicle list tries anyway (§8's 'Using cached data' toast when its load fails).
 */
function expectOnlyTheVehicleListTried() {
  expect(api.calls.filter((call) => call.url !== '/api/vehicles/client/3')).toEqual([]);
}

describe('every main screen offline (issue 14)', { timeout: 20_000 }, () => {
  it.each(SCREEN_CASES)('$name shows its last copy with its age and the cached-data badge', async (c) => {
    const queryClient = createQueryClient();
    await restoreCopies(
      queryClient,
      c.copies.map((copy) => ({ ...copy, age: 2 * HOUR })),
    );
    goOffline();
    api.otherwise(networkError());
    renderWithProviders(c.ui, { route: c.route, user: DEMO_USER, clientId: 3, queryClient });

    expect((await c.shows()).length).toBeGreaterThan(0);
    expect((await screen.findAllByText(OFFLINE_COPY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Using cached data').length).toBeGreaterThan(0);
    expect(screen.queryByText(NOTHING_SAVED)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Failed to fetch/);
    expect(loadingRegions()).toEqual([]);
    expectOnlyTheVehicleListTried();
  });

  it.each(SCREEN_CASES)('$name says plainly that nothing is saved yet when it has no copy', async (c) => {
    goOffline();
    api.otherwise(networkError());
    renderWithProviders(c.ui, { route: c.route, user: DEMO_USER, clientId: 3 });

    expect((await screen.findAllByText(NOTHING_SAVED)).length).toBeGreaterThan(0);
    expect(loadingRegions()).toEqual([]);
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Failed to fetch/);
    expectOnlyTheVehicleListTried();
  });

  it.each(SCREEN_CASES)('$name keeps what it shows when the signal drops and a refresh fails', async (c) => {
    const urls = c.copies.map(({ queryKey, data }) => {
      const url = queryKey[0] === '/api/logs' ? '/api/logs?vehicleId=11' : keyToPath(queryKey);
      api.on('GET', url, json(data));
      return url;
    });
    const { queryClient } = renderWithProviders(c.ui, { route: c.route, user: DEMO_USER, clientId: 3 });
    expect((await c.shows()).length).toBeGreaterThan(0);
    expect(screen.queryByText(OFFLINE_COPY)).not.toBeInTheDocument();

    for (const url of urls) api.on('GET', url, networkError());
    await act(() => queryClient.refetchQueries());

    expect((await screen.findAllByText(OFFLINE_COPY)).length).toBeGreaterThan(0);
    expect((await c.shows()).length).toBeGreaterThan(0);
    // Just fetched: no 'Using cached data' badge yet.
    expect(screen.queryByText('Using cached data')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Failed to fetch/);
  });

  it.each(SCREEN_CASES)(
    '$name shows a recent copy while it refreshes without a notice that comes and goes; an old one is marked',
    async (c) => {
      const pending = c.copies.map(({ queryKey }) => {
        const url = queryKey[0] === '/api/logs' ? '/api/logs?vehicleId=11' : keyToPath(queryKey);
        const answer = deferred();
        api.on('GET', url, answer.answer);
        return answer;
      });
      const recent = createQueryClient();
      await restoreCopies(
        recent,
        c.copies.map((copy) => ({ ...copy, age: 10 * MINUTE })),
      );
      const first = renderWithProviders(c.ui, {
        route: c.route,
        user: DEMO_USER,
        clientId: 3,
        queryClient: recent,
      });
      expect((await c.shows()).length).toBeGreaterThan(0);
      await expect.poll(() => api.calls.length).toBeGreaterThan(0);
      expect(screen.queryByText(/^Saved copy from/)).not.toBeInTheDocument();
      first.unmount();

      const old = createQueryClient();
      await restoreCopies(
        old,
        c.copies.map((copy) => ({ ...copy, age: 2 * HOUR })),
      );
      renderWithProviders(c.ui, { route: c.route, user: DEMO_USER, clientId: 3, queryClient: old });
      expect(
        (await screen.findAllByText(/^Saved copy from (\d{1,2} [A-Z][a-z]{2}, )?\d\d:\d\d · updating\.\.\.$/))
          .length,
      ).toBeGreaterThan(0);
      expect(screen.getAllByText('Using cached data').length).toBeGreaterThan(0);
      for (const answer of pending) answer.resolve(networkError());
    },
  );

  it('the installation page without signal marks photos as loading when online, not as a pulse', async () => {
    const queryClient = createQueryClient();
    await restoreCopies(queryClient, [
      { queryKey: ['/api/vehicles', 11], data: bus, age: HOUR },
      { queryKey: ['/api/photos/vehicle', 11], data: [photo], age: HOUR },
    ]);
    goOffline();
    api.otherwise(networkError());
    renderWithProviders(<InstallationScreen vehicleId={11} />, { route: '/', user: DEMO_USER, queryClient });
    expect(await screen.findByText('Before photo thumbnail loads when online')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
