import { Readable } from 'node:stream';
import type { GeneratedReport, ReportFormat } from '@toolkit/contracts/reports.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  renderInstallationReportPdf,
  renderListPdf,
  streamListPdf,
} from '../../providers/pdf/record-pdfs.ts';
import { listConfigTestsByVehicle } from '../config-tests/config-tests.repository.ts';
import {
  countClientDevices,
  listDevicesByVehicle,
  pagesOfClientDevices,
} from '../devices/devices.repository.ts';
import { jpegBytes } from '../photos/photos.service.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import {
  findGeneratedReport,
  listDayActivity,
  listGeneratedReports,
  listPhotoThumbnails,
  listVehicleNotes,
} from './generated-reports.repository.ts';
import { findAgencyName } from './reports.repository.ts';
import { deviceCounts, deviceStatusCsv, deviceStatusLine, fileSafe } from './report-content.ts';
import { findReportFile, readReportChunks, storeReport, type ReportMeta } from './report-files.repository.ts';

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
    return this.keep(
      user,
      vehicle.clientId,
      {
        kind: 'installation',
        format: 'pdf',
        title: `Installation report: vehicle ${vehicle.vehicleId}`,
        filename: `installation-${fileSafe(vehicle.vehicleId)}.pdf`,
      },
      () => [body],
    );
  }

  /**
   * Every device of the agency, read a page at a time and written out as it is read (CSV or PDF),
   * with the counts by status and type from one grouped query: a 15,000-device agency never sits
   * in memory whole.
   */
  async deviceStatus(user: AuthUser, clientId: number, format: ReportFormat): Promise<GeneratedReport> {
    assertClientAccess(user, clientId);
    const agency = (await findAgencyName(this.db, clientId)) ?? '';
    const meta = {
      kind: 'device-status',
      format,
      title: `Device status report (${format.toUpperCase()})`,
      filename: `device-status-${String(clientId)}.${format}`,
    } as const;
    return this.keep(user, clientId, meta, async function* (tx) {
      const counts = deviceCounts(await countClientDevices(tx, clientId));
      const pages = pagesOfClientDevices(tx, clientId);
      if (format === 'csv') {
        yield* deviceStatusCsv(pages, counts);
        return;
      }
      const line = ([k, n]: [string, number]) => `${k}: ${String(n)}`;
      yield* streamListPdf({
        title: 'Device status report',
        subtitle: `${agency} · ${String(counts.total)} devices`,
        generatedAt: new Date(),
        sections: [
          { heading: 'By status', lines: counts.byStatus.map(line) },
          { heading: 'By type', lines: counts.byType.map(line) },
        ],
        listHeading: 'Devices',
        pages: (async function* () {
          for await (const page of pages) yield page.map(deviceStatusLine);
        })(),
      });
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
    return this.keep(
      user,
      clientId,
      {
        kind: 'daily-activity',
        format: 'pdf',
        title: `Daily activity report: ${date}`,
        filename: `daily-activity-${date}.pdf`,
      },
      () => [body],
    );
  }

  history(user: AuthUser, clientId: number): Promise<GeneratedReport[]> {
    assertClientAccess(user, clientId);
    return listGeneratedReports(this.db, [clientId], HISTORY_LIMIT);
  }

  /** A kept report's file, streamed a chunk at a time (older reports: their inline body). */
  async file(
    user: AuthUser,
    id: number,
  ): Promise<{ filename: string; contentType: string; sizeBytes: number | null; stream: Readable }> {
    const row = await findReportFile(this.db, id);
    if (!row || !user.clientIds.includes(row.clientId)) throw notFound('Report');
    return {
      filename: row.filename,
      contentType: CONTENT_TYPES[row.format],
      sizeBytes: row.body ? row.body.length : row.sizeBytes,
      stream: row.body ? Readable.from([row.body]) : Readable.from(readReportChunks(this.db, id)),
    };
  }

  private async keep(
    user: AuthUser,
    clientId: number,
    report: Pick<ReportMeta, 'kind' | 'format' | 'title' | 'filename'>,
    produce: Parameters<typeof storeReport>[2],
  ): Promise<GeneratedReport> {
    const id = await storeReport(this.db, { ...report, clientId, userId: user.id }, produce);
    const kept = await findGeneratedReport(this.db, id);
    if (!kept) throw new Error('kept report not found');
    return kept;
  }
}
