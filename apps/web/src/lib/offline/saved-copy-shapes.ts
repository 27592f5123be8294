import {
  CampaignBusDetailSchema,
  CampaignBusSchema,
  CampaignDashboardSchema,
  CampaignEventSchema,
  CampaignSchema,
  CampaignSummaryListSchema,
} from '@toolkit/contracts/campaigns.ts';
import { ClientListSchema, ClientSchema, FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { ConfigTestListSchema } from '@toolkit/contracts/config-tests.ts';
import { DeviceDetailSchema, DeviceListSchema } from '@toolkit/contracts/devices.ts';
import { InstallationLogListSchema } from '@toolkit/contracts/logs.ts';
import { UploadItemListSchema } from '@toolkit/contracts/navigator-uploads.ts';
import { NoteListSchema } from '@toolkit/contracts/notes.ts';
import { PhotoListSchema } from '@toolkit/contracts/photos.ts';
import {
  CampaignStockSchema,
  ShipmentListSchema,
  ShipmentUnitIndexSchema,
} from '@toolkit/contracts/shipments.ts';
import { VehicleListSchema, VehicleSchema } from '@toolkit/contracts/vehicles.ts';
import { z } from 'zod';
import { yieldToMain } from '../yield-to-main.ts';

/**
 * The contract each kept copy must still fit when it is read back (decision 034): a copy saved by an
 * older version of the app, in a shape this one no longer reads, is dropped and fetched again, never
 * shown. A persisted query names its shape (persistedQuery in persisted-query.ts).
 */
const SAVED_COPY_SHAPES = {
  campaign: CampaignSchema,
  'campaign-bus': CampaignBusDetailSchema,
  'campaign-bus-list': z.array(CampaignBusSchema),
  'campaign-event-list': z.array(CampaignEventSchema),
  'campaign-list': CampaignSummaryListSchema,
  'campaign-summary': CampaignDashboardSchema,
  'campaign-stock': CampaignStockSchema,
  client: ClientSchema,
  'client-list': ClientListSchema.nullable(),
  'config-test-list': ConfigTestListSchema,
  'fleet-overview': FleetOverviewSchema,
  'device-detail': DeviceDetailSchema,
  'device-list': DeviceListSchema,
  'log-list': InstallationLogListSchema,
  'note-list': NoteListSchema,
  'photo-list': PhotoListSchema,
  'shipment-list': ShipmentListSchema,
  'shipment-unit-index': ShipmentUnitIndexSchema,
  'upload-item-list': UploadItemListSchema,
  vehicle: VehicleSchema,
  'vehicle-list': VehicleListSchema,
} satisfies Record<string, z.ZodType>;

export type SavedShape = keyof typeof SAVED_COPY_SHAPES;

/**
 * Items of a kept list checked per task: a 5,000-bus agency's list is checked in slices, with the
 * browser free for input between them, not in one long task while the first screen starts.
 */
export const SAVED_LIST_SLICE = 500;

/**
 * The copy's data as its contract reads it, or null when it no longer fits (one item that does not
 * fit drops the whole copy). A long list is checked a slice at a time, each in a task of its own
 * (`pause` between them).
 */
export async function readSavedShape(
  shape: string,
  data: unknown,
  pause: () => Promise<void> = yieldToMain,
): Promise<{ data: unknown } | null> {
  if (!Object.hasOwn(SAVED_COPY_SHAPES, shape)) return null;
  const schema: z.ZodType = SAVED_COPY_SHAPES[shape as SavedShape];
  if (!(schema instanceof z.ZodArray) || !Array.isArray(data) || data.length <= SAVED_LIST_SLICE) {
    const parsed = schema.safeParse(data);
    return parsed.success ? { data: parsed.data } : null;
  }
  const slice = z.array(schema.element);
  const items: unknown[] = [];
  for (let from = 0; from < data.length; from += SAVED_LIST_SLICE) {
    if (from > 0) await pause();
    const parsed = slice.safeParse(data.slice(from, from + SAVED_LIST_SLICE));
    if (!parsed.success) return null;
    items.push(...parsed.data);
  }
  return { data: items };
}
