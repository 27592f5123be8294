import { ClientListSchema, ClientSchema, FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { ConfigTestListSchema } from '@toolkit/contracts/config-tests.ts';
import { DeviceDetailSchema, DeviceListSchema } from '@toolkit/contracts/devices.ts';
import { InstallationLogListSchema } from '@toolkit/contracts/logs.ts';
import { UploadItemListSchema } from '@toolkit/contracts/navigator-uploads.ts';
import { NoteListSchema } from '@toolkit/contracts/notes.ts';
import { PhotoListSchema } from '@toolkit/contracts/photos.ts';
import { VehicleListSchema, VehicleSchema } from '@toolkit/contracts/vehicles.ts';
import type { z } from 'zod';

/**
 * The contract each kept copy must still fit when it is read back (decision 034): a copy saved by an
 * older version of the app, in a shape this one no longer reads, is dropped and fetched again, never
 * shown. A persisted query names its shape (persistedQuery in persisted-query.ts).
 */
export const SAVED_COPY_SHAPES = {
  client: ClientSchema,
  'client-list': ClientListSchema.nullable(),
  'config-test-list': ConfigTestListSchema,
  'fleet-overview': FleetOverviewSchema,
  'device-detail': DeviceDetailSchema,
  'device-list': DeviceListSchema,
  'log-list': InstallationLogListSchema,
  'note-list': NoteListSchema,
  'photo-list': PhotoListSchema,
  'upload-item-list': UploadItemListSchema,
  vehicle: VehicleSchema,
  'vehicle-list': VehicleListSchema,
} satisfies Record<string, z.ZodType>;

export type SavedShape = keyof typeof SAVED_COPY_SHAPES;

/** The copy's data as the contract reads it, or null when it no longer fits. */
export function readSavedShape(shape: string, data: unknown): { data: unknown } | null {
  if (!Object.hasOwn(SAVED_COPY_SHAPES, shape)) return null;
  const parsed = SAVED_COPY_SHAPES[shape as SavedShape].safeParse(data);
  return parsed.success ? { data: parsed.data } : null;
}
