import { ClientIdParamSchema, ErrorResponseSchema, IdParamSchema } from '@toolkit/contracts/errors.ts';
import {
  DailyActivityReportInputSchema,
  DeviceStatusReportInputSchema,
  GeneratedReportListSchema,
  GeneratedReportSchema,
  InstallationReportInputSchema,
} from '@toolkit/contracts/reports.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { GeneratedReportsService } from './generated-reports.service.ts';

const made = { 201: GeneratedReportSchema, 404: ErrorResponseSchema };

/** The Reports screen: generate the three reports, list the agency's history, download again. */
export function generatedReportRoutes(app: Api, deps: AppDeps): void {
  const reports = new GeneratedReportsService(deps.db);

  app.post(
    '/reports/installation',
    {
      schema: {
        tags: ['reports'],
        summary: "A vehicle's installation report (PDF): devices, latest test, photos, notes",
        body: InstallationReportInputSchema,
        response: made,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.installation(requireUser(request), request.body.vehicleId)),
  );

  app.post(
    '/reports/device-status',
    {
      schema: {
        tags: ['reports'],
        summary: "The agency's device status report (CSV or PDF): every device, counts by status and type",
        body: DeviceStatusReportInputSchema,
        response: made,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.deviceStatus(requireUser(request), request.body.clientId, request.body.format)),
  );

  app.post(
    '/reports/daily-activity',
    {
      schema: {
        tags: ['reports'],
        summary: "The signed-in installer's day in an agency (PDF), grouped by vehicle",
        body: DailyActivityReportInputSchema,
        response: made,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.dailyActivity(requireUser(request), request.body.clientId, request.body.date)),
  );

  app.get(
    '/reports/history/client/:clientId',
    {
      schema: {
        tags: ['reports'],
        summary: "The agency's generated reports, newest first",
        params: ClientIdParamSchema,
        response: { 200: GeneratedReportListSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => reports.history(requireUser(request), request.params.clientId),
  );

  app.get(
    '/reports/history/:id/file',
    {
      schema: { tags: ['reports'], summary: 'Download a generated report again', params: IdParamSchema },
    },
    async (request, reply) => {
      const file = await reports.file(requireUser(request), request.params.id);
      if (file.sizeBytes !== null) reply.header('Content-Length', file.sizeBytes);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );
}
