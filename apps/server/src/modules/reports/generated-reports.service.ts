import type { GeneratedReport, ReportFormat } from '@toolkit/contracts/reports.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { renderInstallationReportPdf, renderListPdf } from '../../providers/pdf/record-pdfs.ts';
import { listConfigTestsByVehicle } from '../config-tests/config-tests.repository.ts';
import { listDevicesByClient, listDevicesByVehicle } from '../devices/devices.repository.ts';
import { jpegBytes } from '../photos/photos.service.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import {
  findGeneratedReport,
  findGeneratedReportFile,
  insertGeneratedReport,
  listDayActivity,
  listGeneratedReports,
  listPhotoThumbnails,
  listVehicleNotes,
} from './generated-reports.repository.ts';
import { findAgencyName } from './reports.repository.ts';
import { countBy, deviceStatusCsv, deviceStatusText, fileSafe } from './report-content.ts';

const HISTORY_LIMIT = 100;
const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** The Reports screen's three reports, kept per agency and downloadable again (decision 019). */
export class GeneratedReportsService {
  constructor(private readonly db: Db) {}

  async installation(user: AuthUser, vehicleId: number): Promise<GeneratedReport> {
    const vehicle = await visibleVehicle(this.db, user, vehicleId);
    const [devices, tests, photos, notes, agency] = await Promise.all([
      listDevicesByVehicle(this.db, vehicle.id),
      listConfigTestsByVehicle(this.db, vehicle.id),
      listPhotoThumbnails(this.db, vehicle.id),
      listVehicleNotes(this.db, vehicle.id),
      findAgencyName(this.db, vehicle.clientId),
    ]);
    const body = await renderInstallationReportPdf({
      agency: agency ?? '',
      vehicle,
      devices,
      test: tests[0] ?? null,
      photos: photos.map(({ dataUrl, ...p }) => ({ ...p, jpeg: jpegBytes(dataUrl) })),
      notes,
      installer: user.name,
      generatedAt: new Date(),
    });
    return this.keep(user, vehicle.clientId, {
      kind: 'installation',
      format: 'pdf',
      title: `Installation report: vehicle ${vehicle.vehicleId}`,
      filename: `installation-${fileSafe(vehicle.vehicleId)}.pdf`,
      body,
    });
  }

  async deviceStatus(user: AuthUser, clientId: number, format: ReportFormat): Promise<GeneratedReport> {
    assertClientAccess(user, clientId);
    const devices = await listDevicesByClient(this.db, clientId);
    const agency = (await findAgencyName(this.db, clientId)) ?? '';
    const body =
      format === 'csv'
        ? Buffer.from(deviceStatusCsv(devices), 'utf8')
        : await renderListPdf({
            title: 'Device status report',
            subtitle: `${agency} · ${String(devices.length)} devices`,
            generatedAt: new Date(),
            sections: [
              {
                heading: 'By status',
                lines: countBy(devices, deviceStatusText).map(([k, n]) => `${k}: ${String(n)}`),
              },
              {
                heading: 'By type',
                lines: countBy(devices, (d) => d.type).map(([k, n]) => `${k}: ${String(n)}`),
              },
              {
                heading: 'Devices',
                lines: devices.map(
                  (d) =>
                    `${d.deviceId} · ${d.type} · ${d.vehicleLabel ?? 'unassigned'} · ${deviceStatusText(d)} · ${d.lastHeartbeat ?? 'never'}`,
                ),
              },
            ],
          });
    return this.keep(user, clientId, {
      kind: 'device-status',
      format,
      title: `Device status report (${format.toUpperCase()})`,
      filename: `device-status-${String(clientId)}.${format}`,
      body,
    });
  }

  async dailyActivity(user: AuthUser, clientId: number, date: string): Promise<GeneratedReport> {
    assertClientAccess(user, clientId);
    const from = new Date(`${date}T00:00:00.000Z`);
    const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
    const entries = await listDayActivity(this.db, { userId: user.id, clientId, from, to });
    const byVehicle = new Map<string, string[]>();
    for (const e of entries) {
      const key = e.vehicle ?? 'No vehicle';
      const line = `${e.timestamp.toISOString().slice(11, 16)} ${e.action}${e.deviceId ? ` (${e.deviceId})` : ''}${e.details ? `: ${e.details}` : ''}`;
      byVehicle.set(key, [...(byVehicle.get(key) ?? []), line]);
    }
    const body = await renderListPdf({
      title: `Daily activity: ${date}`,
      subtitle: `${user.name} · ${(await findAgencyName(this.db, clientId)) ?? ''} · ${String(entries.length)} entries`,
      generatedAt: new Date(),
      sections:
        byVehicle.size === 0
          ? [{ heading: 'No activity', lines: ['Nothing was logged on this day.'] }]
          : [...byVehicle].map(([vehicle, lines]) => ({ heading: `Vehicle ${vehicle}`, lines })),
    });
    return this.keep(user, clientId, {
      kind: 'daily-activity',
      format: 'pdf',
      title: `Daily activity report: ${date}`,
      filename: `daily-activity-${date}.pdf`,
      body,
    });
  }

  history(user: AuthUser, clientId: number): Promise<GeneratedReport[]> {
    assertClientAccess(user, clientId);
    return listGeneratedReports(this.db, [clientId], HISTORY_LIMIT);
  }

  async file(user: AuthUser, id: number): Promise<{ filename: string; contentType: string; body: Buffer }> {
    const row = await findGeneratedReportFile(this.db, id);
    if (!row || !user.clientIds.includes(row.clientId)) throw notFound('Report');
    return { filename: row.filename, contentType: CONTENT_TYPES[row.format], body: row.body };
  }

  private async keep(
    user: AuthUser,
    clientId: number,
    report: Pick<GeneratedReport, 'kind' | 'format' | 'title' | 'filename'> & { body: Buffer },
  ): Promise<GeneratedReport> {
    const id = await insertGeneratedReport(this.db, { ...report, clientId, userId: user.id });
    const kept = await findGeneratedReport(this.db, id);
    if (!kept) throw new Error('kept report not found');
    return kept;
  }
}
