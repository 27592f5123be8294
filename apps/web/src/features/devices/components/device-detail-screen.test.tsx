import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { makeDevice } from '../test-devices.ts';
import { DeviceDetailScreen } from './device-detail-screen.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const detail = {
  ...makeDevice('4661200001', 'GPS', {
    name: 'GPS 1001',
    lastHeartbeat: new Date(Date.now() - 125 * 60_000).toISOString(),
    signalStrength: 72,
    serialNumberESN: '4661200001',
    phone: '5552000001',
    simCardId: '8901260123',
    metadata: { name: 'GPS 1001', gpsCount: 9, inputVoltage: 13.2 },
  }),
  history: [
    {
      id: 1,
      deviceId: '4661200001',
      vehicleId: 10,
      vehicleLabel: '1000',
      fromAt: '2026-01-02T08:00:00.000Z',
      toAt: '2026-03-04T09:30:00.000Z',
      assignedBy: 'Dana Installer',
      unassignedBy: 'Riley Contractor',
    },
    {
      id: 2,
      deviceId: '4661200001',
      vehicleId: 11,
      vehicleLabel: '1001',
      fromAt: '2026-03-04T09:30:00.000Z',
      toAt: null,
      assignedBy: 'Dana Installer',
      unassignedBy: null,
    },
  ],
};

describe('DeviceDetailScreen', () => {
  it('shows status, last seen, signal, identifiers, vehicle and history', async () => {
    fetchMock.mockResolvedValue(jsonResponse(detail));
    renderWithProviders(<DeviceDetailScreen deviceId="4661200001" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'GPS 1001' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/devices/4661200001');
    expect(screen.getByText('2h 5m ago')).toBeInTheDocument();
    expect(screen.getByText('72%')).toBeInTheDocument();
    expect(screen.getByText('5552000001')).toBeInTheDocument();
    expect(
      screen.getByText((_, el) => el?.getAttribute('data-identifier') === '8901260123'),
    ).toHaveTextContent('8901260123');
    expect(screen.getAllByText('Vehicle 1001')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reassign' })).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'Assignment history' })).getAllByRole('listitem');
    expect(history[0]).toHaveTextContent('Vehicle 1001');
    expect(history[0]).toHaveTextContent('ToCurrent');
    expect(history[0]).toHaveTextContent('ByDana Installer');
    expect(history[1]).toHaveTextContent('Vehicle 1000');
    expect(history[1]).toHaveTextContent('Removed byRiley Contractor');
  });

  it('says Device not found on a 404', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"code":"NOT_FOUND","message":"Device not found"}', { status: 404 }),
    );
    renderWithProviders(<DeviceDetailScreen deviceId="NOPE" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found');
  });
});
