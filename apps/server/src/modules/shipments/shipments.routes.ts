import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CampaignIdParamSchema } from '@toolkit/contracts/campaigns.ts';
import { ClientIdParamSchema, ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import {
  CampaignStockSchema,
  ShipmentIdParamSchema,
  ShipmentImportQuerySchema,
  ShipmentListQuerySchema,
  ShipmentListSchema,
  ShipmentPreviewSchema,
  ShipmentUnitIndexSchema,
  ShipmentUnitPageSchema,
  ShipmentUnitSchema,
  ShipmentUnitsQuerySchema,
  UnitIndexQuerySchema,
  UnitLookupQuerySchema,
  UnitLookupSchema,
  UpdateShipmentUnitInputSchema,
} from '@toolkit/contracts/shipments.ts';
import { assertClientAccess, requireSupervisor, requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { readCsvBody, uploadOf } from '../campaigns/campaign-files.routes.ts';
import { refusals } from '../campaigns/campaign-route-schemas.ts';
import { ShipmentImportService } from './shipment-import.service.ts';
import { ShipmentsService } from './shipments.service.ts';

/**
 * Shipments and the unit scan (issue 35, ../shared/docs/campaigns.md): the packing-list import
 * (`text/csv` body, preview with `dryRun=1`), the lists, the scan, a unit's status, the stock.
 */
export function shipmentRoutes(app: Api, deps: AppDeps): void {
  const imports = new ShipmentImportService(deps.db);
  const shipments = new ShipmentsService(deps.db);
  const tags = ['shipments'];

  void app.register((instance, _opts, done) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    // The CSV body parser lives in this plugin only, with its 5 MB limit (413 above it).
    scope.addContentTypeParser('text/csv', readCsvBody);
    scope.post(
      '/shipments/import',
      {
        schema: {
          tags,
          summary: 'Import a packing list (text/csv body; dryRun=1 previews it without writing; supervisor)',
          querystring: ShipmentImportQuerySchema,
          response: {
            200: ShipmentPreviewSchema,
            413: ErrorResponseSchema,
            415: ErrorResponseSchema,
            ...refusals,
          },
        },
      },
      async (request) => {
        const q = request.query;
        assertClientAccess(requireUser(request), q.clientId);
        const user = requireSupervisor(request);
        const upload = uploadOf(request.body);
        return imports.importFile(
          user,
          {
            clientId: q.clientId,
            campaignId: q.campaignId ?? null,
            reference: q.reference,
            fileName: q.fileName ?? null,
          },
          { bytes: upload.bytes, sha256: upload.sha256 },
          { dryRun: q.dryRun !== undefined },
        );
      },
    );
    done();
  });

  app.get(
    '/shipments/client/:clientId',
    {
      schema: {
        tags,
        summary: "The agency's shipments, newest first, with their units' counts by status",
        params: ClientIdParamSchema,
        querystring: ShipmentListQuerySchema,
        response: { 200: ShipmentListSchema, ...refusals },
      },
    },
    async (request) =>
      shipments.list(requireUser(request), request.params.clientId, request.query.campaignId),
  );

  app.get(
    '/shipments/:id/units',
    {
      schema: {
        tags,
        summary: "A shipment's units in serial order, each with its status and the bus it went on",
        params: ShipmentIdParamSchema,
        querystring: ShipmentUnitsQuerySchema,
        response: { 200: ShipmentUnitPageSchema, ...refusals },
      },
    },
    async (request) => shipments.units(requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/shipment-units/lookup',
    {
      schema: {
        tags,
        summary: "A scanned or typed code: the agency's device first, then a unit by serial, IMEI or ICCID",
        querystring: UnitLookupQuerySchema,
        response: { 200: UnitLookupSchema, ...refusals },
      },
    },
    async (request) => shipments.lookup(requireUser(request), request.query.clientId, request.query.code),
  );

  app.get(
    '/shipment-units/index',
    {
      schema: {
        tags,
        summary: "The agency's units (serial, IMEI, ICCID, type, status, bus), kept for the offline scan",
        querystring: UnitIndexQuerySchema,
        response: { 200: ShipmentUnitIndexSchema, ...refusals },
      },
    },
    async (request) => shipments.index(requireUser(request), request.query.clientId),
  );

  app.patch(
    '/shipment-units/:id',
    {
      schema: {
        tags,
        summary: "Change a unit's status with a note (supervisor); faulty records unit_faulty",
        params: ShipmentIdParamSchema,
        body: UpdateShipmentUnitInputSchema,
        response: { 200: ShipmentUnitSchema, ...refusals },
      },
    },
    async (request) =>
      shipments.updateUnit(requireUser(request), request.params.id, request.body, request.idempotencyKey),
  );

  app.get(
    '/campaigns/:id/stock',
    {
      schema: {
        tags,
        summary:
          'Stock per device type (in stock, installed, faulty) against what the buses not yet accepted need',
        params: CampaignIdParamSchema,
        response: { 200: CampaignStockSchema, ...refusals },
      },
    },
    async (request) => shipments.stock(requireUser(request), request.params.id),
  );
}
