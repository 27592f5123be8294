import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import {
  CreateSupportRequestInputSchema,
  SupportRequestListSchema,
  SupportRequestSchema,
} from '@toolkit/contracts/support.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { SupportRepository } from './support.repository.ts';
import { SupportService } from './support.service.ts';

/** Add-vehicle, access and support requests: stored, e-mailed to support, listed for their author. */
export function supportRoutes(app: Api, deps: AppDeps): void {
  const service = new SupportService({
    repository: new SupportRepository(deps.db),
    mailer: deps.mailer,
    supportEmail: deps.config.supportEmail,
    log: app.log,
  });

  app.post(
    '/support-requests',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['support'],
        summary: 'File a support, add-vehicle or access request; it is e-mailed to support',
        body: CreateSupportRequestInputSchema,
        response: { 201: SupportRequestSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await service.file(user, request.body));
    },
  );

  app.get(
    '/support-requests',
    {
      schema: {
        tags: ['support'],
        summary: "The user's own requests and their state, newest first",
        response: { 200: SupportRequestListSchema },
      },
    },
    async (request) => service.list(requireUser(request)),
  );
}
