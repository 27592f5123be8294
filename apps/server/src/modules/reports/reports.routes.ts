import {
  ExportEmailInputSchema,
  ExportPdfInputSchema,
  ExportResponseSchema,
  ReportParamsSchema,
  ReportQuerySchema,
} from '@toolkit/contracts/config-tests.ts';
import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { foundRecord } from '../../lib/route-schemas.ts';
import type { Api } from '../../lib/types.ts';
import { ReportsService } from './reports.service.ts';

export function reportRoutes(app: Api, deps: AppDeps): void {
  const reports = new ReportsService(deps.db, deps.mailer);

  app.post(
    '/export/pdf',
    {
      schema: {
        tags: ['tests'],
        summary: 'Make the PDF report of a test; the answer links to it',
        body: ExportPdfInputSchema,
        response: foundRecord(ExportResponseSchema),
      },
    },
    async (request) => reports.exportPdf(requireUser(request), request.body.vehicleId, request.body.testId),
  );

  app.post(
    '/export/email',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['tests'],
        summary: 'E-mail the PDF report of a test (SMTP, or an .eml file in the outbox folder)',
        body: ExportEmailInputSchema,
        response: { 200: ExportResponseSchema, 404: ErrorResponseSchema, 502: ErrorResponseSchema },
      },
    },
    async (request) => reports.email(requireUser(request), request.body, request.log),
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
      const { filename, pdf } = await reports.download(request.params.id, request.query.key);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}
