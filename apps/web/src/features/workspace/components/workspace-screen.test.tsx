import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSelectedClientId, setSelectedClientId } from '../../../lib/storage.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { makeVehicle } from '../test/fixtures.ts';
import { WorkspaceScreen } from './workspace-screen.tsx';

const store = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(store.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void store.set(key, value)),
  del: (key: string) => Promise.resolve(void store.delete(key)),
}));

const { pendingSync: _pending, rowKey: _rowKey, ...bus } = makeVehicle(11, '1001');
const ANSWERS: Record<string, unknown> = {
  '/api/clients/3': {
    id: 3,
    name: 'VVT',
    fullName: 'Valley Vista Transit',
    region: null,
    vehicleCount: 1,
    deviceCount: 0,
    onlineDeviceCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  '/api/vehicles/client/3': [bus],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    return Promise.resolve(jsonResponse(ANSWERS[path] ?? []));
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearSelectedClientId();
  store.clear();
});

describe('WorkspaceScreen', { timeout: 20_000 }, () => {
  it("without a client says 'No Client Selected' and offers 'Select Client'", () => {
    renderWithProviders(<WorkspaceScreen />, { route: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'No Client Selected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Select Client' })).toHaveAttribute('href', '/clients');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens with the vehicle of ?vehicleId= chosen; clearing it goes back to the search', async () => {
    setSelectedClientId(3);
    const { router } = renderWithProviders(<WorkspaceScreen />, { route: '/dashboard?vehicleId=11' });
    expect(await screen.findByText('Vehicle 1001')).toBeInTheDocument();
    expect(await screen.findByText('Valley Vista Transit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Assignment list' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear vehicle' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search vehicles')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Assignment list' })).toBeNull();
  });
});
