import {
  AssigneeListSchema,
  CampaignDashboardSchema,
  AddBusesInputSchema,
  AddBusesResultSchema,
  BusListQuerySchema,
  CampaignBusPageSchema,
  CampaignEventPageSchema,
  CampaignIdParamSchema,
  CampaignSchema,
  CampaignSummaryListSchema,
  CreateCampaignInputSchema,
  EventListQuerySchema,
  UpdateCampaignInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import { ClientIdParamSchema } from '@toolkit/contracts/errors.ts';
import { requireSupervisor, requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { campaignBusRoutes } from './campaign-buses.routes.ts';
import { campaignDashboard } from './campaign-dashboard.ts';
import { refusals } from './campaign-route-schemas.ts';
import { writeContext } from './campaign-write.ts';
import { CampaignsService } from './campaigns.service.ts';

/** Install campaigns (issue 34, ../shared/docs/campaigns.md): campaigns, then their buses. */
export function campaignRoutes(app: Api, deps: AppDeps): void {
  const campaigns = new CampaignsService(deps.db);
  const tags = ['campaigns'];

  app.get(
    '/campaigns/client/:clientId',
    {
      schema: {
        tags,
        summary: "The agency's campaigns with their counts per state (and the user's and unassigned buses)",
        params: ClientIdParamSchema,
        response: { 200: CampaignSummaryListSchema, ...refusals },
      },
    },
    async (request) => campaigns.list(requireUser(request), request.params.clientId),
  );

  app.post(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a campaign with its checklist (supervisor)',
        body: CreateCampaignInputSchema,
        response: { 201: CampaignSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const ctx = writeContext(requireSupervisor(request), request.idempotencyKey);
      return reply.status(201).send(await campaigns.create(ctx, request.body));
    },
  );

  app.get(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'A campaign and its checklist',
        params: CampaignIdParamSchema,
        response: { 200: CampaignSchema, ...refusals },
      },
    },
    async (request) => campaigns.get(requireUser(request), request.params.id),
  );

  app.patch(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Change, close or reopen a campaign (supervisor)',
        params: CampaignIdParamSchema,
        body: UpdateCampaignInputSchema,
        response: { 200: CampaignSchema, ...refusals },
      },
    },
    async (request) =>
      campaigns.update(
        writeContext(requireSupervisor(request), request.idempotencyKey),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/campaigns/:id/buses',
    {
      schema: {
        tags,
        summary: "Add buses from the agency's vehicles (supervisor)",
        params: CampaignIdParamSchema,
        body: AddBusesInputSchema,
        response: { 200: AddBusesResultSchema, ...refusals },
      },
    },
    async (request) =>
      campaigns.addBuses(
        writeContext(requireSupervisor(request), request.idempotencyKey),
        request.params.id,
        request.body.vehicleIds,
      ),
  );

  app.get(
    '/campaigns/:id/buses',
    {
      schema: {
        tags,
        summary: 'The buses in board order, with state and progress; filters and a cursor',
        params: CampaignIdParamSchema,
        querystring: BusListQuerySchema,
        response: { 200: CampaignBusPageSchema, ...refusals },
      },
    },
    async (request) => campaigns.buses(requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/campaigns/:id/events',
    {
      schema: {
        tags,
        summary: "The campaign's events, oldest first (append-only: no route changes one)",
        params: CampaignIdParamSchema,
        querystring: EventListQuerySchema,
        response: { 200: CampaignEventPageSchema, ...refusals },
      },
    },
    async (request) => campaigns.events(requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/campaigns/:id/summary',
    {
      schema: {
        tags,
        summary:
          'The dashboard: counts per state, blocked, share accepted, accepted per day for 14 days, blockers by code',
        params: CampaignIdParamSchema,
        response: { 200: CampaignDashboardSchema, ...refusals },
      },
    },
    async (request) => campaignDashboard(deps.db, requireUser(request), request.params.id),
  );

  app.get(
    '/campaigns/:id/assignees',
    {
      schema: {
        tags,
        summary: "The agency's people a supervisor can assign the campaign's buses to (supervisor)",
        params: CampaignIdParamSchema,
        response: { 200: AssigneeListSchema, ...refusals },
      },
    },
    async (request) => campaigns.assignees(requireSupervisor(request), request.params.id),
  );

  campaignBusRoutes(app, deps);
}
