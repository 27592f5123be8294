import { screen, within } from '@testing-library/react';
import type { DeviceDetail } from '@toolkit/contracts/devices.ts';
import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceDetailScreen } from './device-detail-screen.tsx';

const api = installFetchMock();

const detail: DeviceDetail = {
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
    api.on('GET', '/api/devices/4661200001', json(detail));
    renderWithProviders(<DeviceDetailScreen deviceId="4661200001" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'GPS 1001' })).toBeInTheDocument();
    expect(api.calls[0]?.url).toBe('/api/devices/4661200001');
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
    api.on('GET', '/api/devices/NOPE', apiError(404, 'NOT_FOUND', 'Device not found'));
    renderWithProviders(<DeviceDetailScreen deviceId="NOPE" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found');
  });
});
