import { fireEvent, screen, within } from '@testing-library/react';
import type { GeneratedReport } from '@toolkit/contracts/reports.ts';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { apiError, deferred, installFetchMock, json, text } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DailyActivityReportCard, DeviceStatusReportCard, InstallationReportCard } from './report-cards.tsx';
import { ReportHistory } from './report-history.tsx';
import { VehicleSearch } from './vehicle-search.tsx';

const api = installFetchMock();

const VEHICLES = [
  makeVehicle({ id: 21, vehicleId: 'Bus-21', description: 'Gillig low floor' }),
  makeVehicle({ id: 22, vehicleId: 'Bus-22', description: 'New Flyer' }),
];

const report = (id: number, kind: GeneratedReport['kind'], createdAt: string): GeneratedReport => ({
  id,
  clientId: 3,
  kind,
  format: kind === 'device-status' ? 'csv' : 'pdf',
  title: `Report ${String(id)}`,
  filename: `report-${String(id)}.pdf`,
  sizeBytes: 1234,
  createdBy: 'Dana Installer',
  createdAt,
  fileUrl: `/api/reports/history/${String(id)}/file`,
});

// jsdom has no object URLs; a download is an anchor click on one.
Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });

const form = (name: string) => screen.getByRole('form', { name });
const generate = (name: string) =>
  fireEvent.click(within(form(name)).getByRole('button', { name: 'Generate' }));

describe('report cards', { timeout: 20_000 }, () => {
  it('Installation Report: the typed vehicle is found by its label; blank and unknown are refused without a call', async () => {
    api.on('GET', '/api/vehicles/client/3', json(VEHICLES));
    api.on('POST', '/api/reports/installation', json(report(9, 'installation', '2026-11-24T10:00:00Z'), 201));
    api.on('GET', '/api/reports/history/9/file', text('%PDF-1.3', 200));
    renderWithProviders(<InstallationReportCard clientId={3} />);
    generate('Installation Report');
    expect(await screen.findByText('Please enter a vehicle ID')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Vehicle ID'), { target: { value: 'Bus-99' } });
    generate('Installation Report');
    expect(await screen.findByText('Vehicle Bus-99 not found')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Vehicle ID'), { target: { value: ' bus-22 ' } });
    generate('Installation Report');
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Report Ready'));
    expect(api.callsTo('POST', '/api/reports/installation').map((c) => c.body)).toEqual([{ vehicleId: 22 }]);
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/reports/history/9/file')).toHaveLength(1));
  });

  it('Device Status Report: the chosen format is sent, with Generating... while it runs', async () => {
    const held = deferred();
    api.on('POST', '/api/reports/device-status', held.answer);
    renderWithProviders(<DeviceStatusReportCard clientId={3} />);
    const pdf = within(form('Device Status Report')).getByRole('button', { name: 'PDF' });
    fireEvent.click(pdf);
    expect(pdf).toHaveAttribute('aria-pressed', 'true');
    generate('Device Status Report');
    expect(
      await within(form('Device Status Report')).findByRole('button', { name: 'Generating...' }),
    ).toBeDisabled();
    expect(api.callsTo('POST', '/api/reports/device-status')[0]?.body).toEqual({
      clientId: 3,
      format: 'pdf',
    });
    held.resolve(apiError(500, 'INTERNAL', 'nope'));
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Report Failed'));
    expect(within(form('Device Status Report')).getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('Daily Activity Report: the chosen day is sent', async () => {
    api.on('POST', '/api/reports/daily-activity', apiError(500, 'INTERNAL', 'nope'));
    renderWithProviders(<DailyActivityReportCard clientId={3} />);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-20' } });
    generate('Daily Activity Report');
    await vi.waitFor(() =>
      expect(api.callsTo('POST', '/api/reports/daily-activity')[0]?.body).toEqual({
        clientId: 3,
        date: '2026-11-20',
      }),
    );
  });
});

describe('report history and vehicle search', { timeout: 20_000 }, () => {
  it('lists the reports as the server orders them (newest first) and downloads one again', async () => {
    api.on(
      'GET',
      '/api/reports/history/client/3',
      json([
        report(2, 'device-status', '2026-11-24T11:00:00Z'),
        report(1, 'installation', '2026-11-24T09:00:00Z'),
      ]),
    );
    api.on('GET', '/api/reports/history/1/file', text('%PDF-1.3', 200));
    renderWithProviders(<ReportHistory clientId={3} />);
    const items = within(await screen.findByRole('list', { name: 'Report history' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Report 2', 'Report 1']);
    fireEvent.click(
      within(items[1] ?? document.body).getByRole('button', { name: /^Download Report 1 from / }),
    );
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/reports/history/1/file')).toHaveLength(1));
  });

  it('a vehicle found by id or description opens its installation page', async () => {
    api.on('GET', '/api/vehicles/client/3', json(VEHICLES));
    renderWithProviders(<VehicleSearch clientId={3} />);
    fireEvent.change(screen.getByLabelText('Find a vehicle'), { target: { value: 'flyer' } });
    const link = await screen.findByRole('link', { name: 'Bus-22 · New Flyer' });
    expect(link).toHaveAttribute('href', '/vehicle/22/installation');
    fireEvent.change(screen.getByLabelText('Find a vehicle'), { target: { value: 'tram' } });
    expect(screen.getByText('No vehicles found')).toBeInTheDocument();
  });
});
