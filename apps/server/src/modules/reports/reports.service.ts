import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CONFIG_TEST_MESSAGES, type ExportResponse } from '@toolkit/contracts/config-tests.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { renderTestReportPdf } from '../../providers/pdf/test-report-pdf.ts';
import { findConfigTest } from '../config-tests/config-tests.repository.ts';
import { listDevicesByVehicle } from '../devices/devices.repository.ts';
import { insertLog } from '../logs/logs.repository.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import { findAgencyName, findReport, findUserName, insertReport } from './reports.repository.ts';

/** The PDF report of a configuration test: made, e-mailed, downloaded by its own key (decision 009). */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
  ) {}

  async exportPdf(user: AuthUser, vehicleId: number, testId: number): Promise<ExportResponse> {
    const report = await this.build(user, vehicleId, testId, null);
    await insertLog(this.db, {
      userId: user.id,
      clientId: report.vehicle.clientId,
      vehicleId: report.vehicle.id,
      action: LOG_ACTIONS.reportExport,
      details: report.filename,
    });
    return {
      message: `Report ${report.filename} is ready`,
      reportId: report.reportId,
      downloadUrl: report.downloadUrl,
    };
  }

  async email(
    user: AuthUser,
    input: { vehicleId: number; testId: number; email: string },
    log: FastifyBaseLogger,
  ): Promise<ExportResponse> {
    const { email } = input;
    const report = await this.build(user, input.vehicleId, input.testId, email);
    try {
      await this.mailer.send({
        to: email,
        subject: `Installation test report: vehicle ${report.vehicle.vehicleId}`,
        text: `Installation test #${String(report.test.id)} of vehicle ${report.vehicle.vehicleId}, run ${report.test.createdAt}.\n\nThe report is attached.\n\nSent by ${user.name} with Installer Toolkit.`,
        attachments: [{ filename: report.filename, content: report.pdf, contentType: 'application/pdf' }],
      });
    } catch (err) {
      log.error({ err }, 'report e-mail failed');
      throw new AppError(502, 'EMAIL_FAILED', CONFIG_TEST_MESSAGES.emailFailed);
    }
    await insertLog(this.db, {
      userId: user.id,
      clientId: report.vehicle.clientId,
      vehicleId: report.vehicle.id,
      action: LOG_ACTIONS.reportEmail,
      details: `${report.filename} to ${email}`,
    });
    return { message: `Report sent to ${email}`, reportId: report.reportId, downloadUrl: report.downloadUrl };
  }

  /** The report's PDF when the key matches (compared in constant time), else 404. */
  async download(id: number, key: string): Promise<{ filename: string; pdf: Buffer }> {
    const row = await findReport(this.db, id);
    const given = Buffer.from(key);
    const expected = Buffer.from(row?.downloadKey ?? '');
    if (!row || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw notFound('Report');
    return { filename: row.filename, pdf: Buffer.from(row.pdf) };
  }

  private async build(user: AuthUser, vehicleId: number, testId: number, emailedTo: string | null) {
    const vehicle = await visibleVehicle(this.db, user, vehicleId);
    const test = await findConfigTest(this.db, vehicle.id, testId);
    if (!test) throw notFound('Test');
    const devices = await listDevicesByVehicle(this.db, vehicle.id);
    const pdf = await renderTestReportPdf({
      agency: (await findAgencyName(this.db, vehicle.clientId)) ?? '',
      vehicle,
      devices,
      test,
      testedBy: (await findUserName(this.db, test.userId)) ?? 'unknown',
      generatedAt: new Date(),
    });
    const filename = `installation-test-${vehicle.vehicleId.replace(/[^A-Za-z0-9_-]/g, '_')}-${String(test.id)}.pdf`;
    const downloadKey = randomBytes(24).toString('base64url');
    const reportId = await insertReport(this.db, {
      vehicleId: vehicle.id,
      testId: test.id,
      userId: user.id,
      filename,
      downloadKey,
      pdf,
      emailedTo,
    });
    return {
      vehicle,
      test,
      pdf,
      filename,
      reportId,
      downloadUrl: `/api/reports/${String(reportId)}/pdf?key=${downloadKey}`,
    };
  }
}
