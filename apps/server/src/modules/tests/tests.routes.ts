import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  CONFIG_TEST_MESSAGES,
  ConfigTestListSchema,
  ConfigTestSchema,
  ExportEmailInputSchema,
  ExportPdfInputSchema,
  ExportResponseSchema,
  ReportParamsSchema,
  ReportQuerySchema,
  type ConfigTest,
  type TestResult,
} from '@toolkit/contracts/config-tests.ts';
import { ErrorResponseSchema, VehicleIdParamSchema } from '@toolkit/contracts/errors.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { RunConfigTestInputSchema } from '@toolkit/contracts/config-tests.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { clients, configTests, installationLogs, reports, users } from '../../db/schema/tables.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Api, AuthUser } from '../../lib/types.ts';
import { renderTestReportPdf, TEST_LABELS } from '../../providers/pdf/test-report-pdf.ts';
import { listDevicesByVehicle } from '../devices/devices.repository.ts';
import { getVisibleVehicle } from '../vehicles/vehicles.service.ts';
import { evaluateConfiguration } from './evaluate.ts';

type TestRow = typeof configTests.$inferSelect;

function toConfigTest(row: TestRow): ConfigTest {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    userId: row.userId,
    gpsTest: row.gpsTest as TestResult,
    connectivityTest: row.connectivityTest as TestResult,
    headsignTest: row.headsignTest as TestResult,
    clockSyncTest: row.clockSyncTest as TestResult,
    audioTest: row.audioTest as TestResult,
    results: row.results as ConfigTest['results'],
    createdAt: row.createdAt.toISOString(),
  };
}

export function testRoutes(app: Api, deps: AppDeps): void {
  app.get(
    '/config/test/vehicle/:vehicleId',
    {
      schema: {
        tags: ['tests'],
        summary: "A vehicle's configuration tests, newest first",
        params: VehicleIdParamSchema,
        response: { 200: ConfigTestListSchema },
      },
    },
    async (request) => {
      const vehicle = await getVisibleVehicle(deps, requireUser(request), request.params.vehicleId);
      const rows = await deps.db
        .select()
        .from(configTests)
        .where(eq(configTests.vehicleId, vehicle.id))
        .orderBy(desc(configTests.createdAt), desc(configTests.id));
      return rows.map(toConfigTest);
    },
  );

  app.post(
    '/config/test',
    {
      schema: {
        tags: ['tests'],
        summary: "Run the five configuration tests from the vehicle's devices as last reported",
        body: RunConfigTestInputSchema,
        response: { 201: ConfigTestSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const vehicle = await getVisibleVehicle(deps, user, request.body.vehicleId);
      const evaluation = evaluateConfiguration(await listDevicesByVehicle(deps.db, vehicle.id));
      const row = await deps.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(configTests)
          .values({
            vehicleId: vehicle.id,
            userId: user.id,
            gpsTest: evaluation.gpsTest.result,
            connectivityTest: evaluation.connectivityTest.result,
            headsignTest: evaluation.headsignTest.result,
            clockSyncTest: evaluation.clockSyncTest.result,
            audioTest: evaluation.audioTest.result,
            results: evaluation,
          })
          .returning();
        if (!inserted) throw new Error('config test insert returned nothing');
        const summary = (Object.keys(evaluation) as (keyof typeof evaluation)[])
          .map((k) => `${TEST_LABELS[k]} ${evaluation[k].result}`)
          .join(', ');
        await tx.insert(installationLogs).values({
          userId: user.id,
          clientId: vehicle.clientId,
          vehicleId: vehicle.id,
          deviceId: null,
          action: LOG_ACTIONS.configTest,
          details: summary,
        });
        return inserted;
      });
      return reply.status(201).send(toConfigTest(row));
    },
  );

  async function buildReport(user: AuthUser, vehicleId: number, testId: number, emailedTo: string | null) {
    const vehicle = await getVisibleVehicle(deps, user, vehicleId);
    const [testRow] = await deps.db
      .select()
      .from(configTests)
      .where(and(eq(configTests.id, testId), eq(configTests.vehicleId, vehicle.id)))
      .limit(1);
    if (!testRow) throw notFound('Test');
    const test = toConfigTest(testRow);
    const [tester] = await deps.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, test.userId))
      .limit(1);
    const [agency] = await deps.db
      .select({ name: clients.name, fullName: clients.fullName })
      .from(clients)
      .where(eq(clients.id, vehicle.clientId))
      .limit(1);
    const pdf = await renderTestReportPdf({
      agency: agency?.fullName ?? agency?.name ?? '',
      vehicle,
      devices: await listDevicesByVehicle(deps.db, vehicle.id),
      test,
      testedBy: tester?.name ?? 'unknown',
      generatedAt: new Date(),
    });
    const filename = `installation-test-${vehicle.vehicleId.replace(/[^A-Za-z0-9_-]/g, '_')}-${String(test.id)}.pdf`;
    const downloadKey = randomBytes(24).toString('base64url');
    const [report] = await deps.db
      .insert(reports)
      .values({
        vehicleId: vehicle.id,
        testId: test.id,
        userId: user.id,
        filename,
        downloadKey,
        pdf,
        emailedTo,
      })
      .returning({ id: reports.id });
    if (!report) throw new Error('report insert returned nothing');
    return {
      vehicle,
      test,
      pdf,
      filename,
      reportId: report.id,
      downloadUrl: `/api/reports/${String(report.id)}/pdf?key=${downloadKey}`,
    };
  }

  app.post(
    '/export/pdf',
    {
      schema: {
        tags: ['tests'],
        summary: 'Make the PDF report of a test; the answer links to it',
        body: ExportPdfInputSchema,
        response: { 200: ExportResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const report = await buildReport(user, request.body.vehicleId, request.body.testId, null);
      await deps.db.insert(installationLogs).values({
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
    },
  );

  app.post(
    '/export/email',
    {
      schema: {
        tags: ['tests'],
        summary: 'E-mail the PDF report of a test (SMTP, or an .eml file in the outbox folder)',
        body: ExportEmailInputSchema,
        response: { 200: ExportResponseSchema, 404: ErrorResponseSchema, 502: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { email } = request.body;
      const report = await buildReport(user, request.body.vehicleId, request.body.testId, email);
      try {
        await deps.mailer.send({
          to: email,
          subject: `Installation test report: vehicle ${report.vehicle.vehicleId}`,
          text: `Installation test #${String(report.test.id)} of vehicle ${report.vehicle.vehicleId}, run ${report.test.createdAt}.\n\nThe report is attached.\n\nSent by ${user.name} with Installer Toolkit.`,
          attachments: [{ filename: report.filename, content: report.pdf, contentType: 'application/pdf' }],
        });
      } catch (err) {
        request.log.error({ err }, 'report e-mail failed');
        throw new AppError(502, 'EMAIL_FAILED', CONFIG_TEST_MESSAGES.emailFailed);
      }
      await deps.db.insert(installationLogs).values({
        userId: user.id,
        clientId: report.vehicle.clientId,
        vehicleId: report.vehicle.id,
        action: LOG_ACTIONS.reportEmail,
        details: `${report.filename} to ${email}`,
      });
      return {
        message: `Report sent to ${email}`,
        reportId: report.reportId,
        downloadUrl: report.downloadUrl,
      };
    },
  );

  app.get(
    '/reports/:id/pdf',
    {
      config: { public: true },
      schema: {
        tags: ['tests'],
        summary: 'Download a report (the link carries its own key)',
        params: ReportParamsSchema,
        querystring: ReportQuerySchema,
      },
    },
    async (request, reply) => {
      const [row] = await deps.db.select().from(reports).where(eq(reports.id, request.params.id)).limit(1);
      const given = Buffer.from(request.query.key);
      const expected = Buffer.from(row?.downloadKey ?? '');
      if (!row || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw notFound('Report');
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${row.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(row.pdf));
    },
  );
}
