import { z } from 'zod';
import {
  AcceptInputSchema,
  AssignBusesInputSchema,
  AssignBusesResultSchema,
  BlockInputSchema,
  BulkAcceptInputSchema,
  BulkAcceptResultSchema,
  BusChangeSchema,
  BusIdParamSchema,
  BusItemParamSchema,
  CampaignBusDetailSchema,
  ClaimInputSchema,
  ReasonInputSchema,
  SetItemInputSchema,
  SubmitInputSchema,
  UnblockInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import { requireSupervisor, requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { BusWorkService } from './campaign-bus-work.service.ts';
import { BusReviewService } from './campaign-review.service.ts';
import { writeContext } from './campaign-write.ts';
import { refusals } from './campaign-route-schemas.ts';

/** The routes of one campaign bus: the installer's work and the supervisor's review. */
export function campaignBusRoutes(app: Api, deps: AppDeps): void {
  const work = new BusWorkService(deps.db);
  const review = new BusReviewService(deps.db);
  const tags = ['campaigns'];
  const bus = (summary: string) => ({ tags, summary, params: BusIdParamSchema });
  const changed = { 200: BusChangeSchema, ...refusals };

  app.delete(
    '/campaign-buses/:busId',
    {
      schema: {
        ...bus('Remove a planned bus from its campaign (supervisor)'),
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await work.remove(
        writeContext(requireSupervisor(request), request.idempotencyKey),
        request.params.busId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/campaign-buses/:busId',
    {
      schema: {
        ...bus('A bus: its checklist with evidence, the frozen checklist, its events'),
        response: { 200: CampaignBusDetailSchema, ...refusals },
      },
    },
    async (request) => review.detail(requireUser(request), request.params.busId),
  );

  app.post(
    '/campaign-buses/:busId/claim',
    { schema: { ...bus('Claim an unassigned bus'), body: ClaimInputSchema.nullish(), response: changed } },
    async (request) =>
      work.claim(
        writeContext(requireUser(request), request.idempotencyKey, request.body?.occurredAt),
        request.params.busId,
      ),
  );

  app.post(
    '/campaign-buses/assign',
    {
      schema: {
        tags,
        summary: 'Assign buses to a person, or unassign them (supervisor)',
        body: AssignBusesInputSchema,
        response: { 200: AssignBusesResultSchema, ...refusals },
      },
    },
    async (request) => {
      const ctx = writeContext(requireSupervisor(request), request.idempotencyKey, request.body.occurredAt);
      return { items: await work.assign(ctx, request.body.busIds, request.body.userId) };
    },
  );

  app.put(
    '/campaign-buses/:busId/items/:key',
    {
      schema: {
        tags,
        summary: 'Tick a manual item, or mark any item not applicable (supervisor)',
        params: BusItemParamSchema,
        body: SetItemInputSchema,
        response: changed,
      },
    },
    async (request) =>
      work.setItem(
        writeContext(requireUser(request), request.idempotencyKey, request.body.occurredAt),
        request.params.busId,
        request.params.key,
        request.body,
      ),
  );

  app.post(
    '/campaign-buses/:busId/block',
    { schema: { ...bus('Report a blocker'), body: BlockInputSchema, response: changed } },
    async (request) =>
      work.block(
        writeContext(requireUser(request), request.idempotencyKey, request.body.occurredAt),
        request.params.busId,
        request.body,
      ),
  );

  app.post(
    '/campaign-buses/:busId/unblock',
    { schema: { ...bus('Clear the blocker'), body: UnblockInputSchema.nullish(), response: changed } },
    async (request) =>
      work.unblock(
        writeContext(requireUser(request), request.idempotencyKey, request.body?.occurredAt),
        request.params.busId,
      ),
  );

  app.post(
    '/campaign-buses/:busId/submit',
    { schema: { ...bus('Submit for review'), body: SubmitInputSchema.nullish(), response: changed } },
    async (request) =>
      review.submit(
        writeContext(requireUser(request), request.idempotencyKey, request.body?.occurredAt),
        request.params.busId,
        request.body ?? {},
      ),
  );

  app.post(
    '/campaign-buses/:busId/accept',
    { schema: { ...bus('Accept a bus as seen (supervisor)'), body: AcceptInputSchema, response: changed } },
    async (request) =>
      review.accept(
        writeContext(requireSupervisor(request), request.idempotencyKey),
        request.params.busId,
        request.body,
      ),
  );

  app.post(
    '/campaign-buses/accept',
    {
      schema: {
        tags,
        summary: 'Accept selected buses; those not ready or with exceptions are skipped (supervisor)',
        body: BulkAcceptInputSchema,
        response: { 200: BulkAcceptResultSchema, ...refusals },
      },
    },
    async (request) =>
      review.acceptMany(writeContext(requireSupervisor(request), request.idempotencyKey), request.body.items),
  );

  for (const action of ['reject', 'reopen'] as const)
    app.post(
      `/campaign-buses/:busId/${action}`,
      {
        schema: {
          ...bus(
            action === 'reject'
              ? 'Send back for rework, with a reason (supervisor)'
              : 'Reopen an accepted bus, with a reason (supervisor)',
          ),
          body: ReasonInputSchema,
          response: changed,
        },
      },
      async (request) =>
        review[action](
          writeContext(requireSupervisor(request), request.idempotencyKey),
          request.params.busId,
          request.body.version,
          request.body.reason,
        ),
    );
}
