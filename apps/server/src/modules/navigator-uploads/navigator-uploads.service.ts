import { createHash } from 'node:crypto';
import type { UploadItem, UploadKind } from '@toolkit/contracts/navigator-uploads.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { requireCapability } from '../../lib/provider-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { ProviderRejectedError, type FleetProvider } from '../../providers/fleet/fleet-provider.ts';
import { jpegBytes } from '../photos/photos.service.ts';
import {
  findNoteForUpload,
  findPhotoForUpload,
  findUploadedHash,
  findUploadRow,
  listUploadSources,
  recordUpload,
  type UploadRow,
} from './navigator-uploads.repository.ts';

/** How an item is named in the upload list and to Navigator. */
const photoLabel = (p: { photoType: string; description: string | null; deviceId: string | null }) =>
  [`${p.photoType} photo`, p.description, p.deviceId ? `device ${p.deviceId}` : null]
    .filter((x) => x !== null)
    .join(' · ');
const noteLabel = (n: { noteType: string; content: string }) =>
  `${n.noteType} note: ${n.content.slice(0, 60)}`;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const NOT_IN_NAVIGATOR = 'This vehicle is not in Navigator yet; add it there first.';
const UNREACHABLE = 'Navigator could not be reached. Please retry.';

function itemState(
  row: UploadRow | undefined,
  contentHash: string | null,
): Pick<UploadItem, 'state' | 'error' | 'uploadedAt'> {
  if (!row) return { state: 'pending', error: null, uploadedAt: null };
  if (row.state === 'uploaded' && (contentHash === null || row.contentHash === contentHash))
    return { state: 'uploaded', error: null, uploadedAt: row.updatedAt.toISOString() };
  if (row.state === 'failed') return { state: 'failed', error: row.lastError, uploadedAt: null };
  return { state: 'pending', error: null, uploadedAt: null };
}

/**
 * Upload of a vehicle's photos and notes to Navigator through the FleetProvider, one item per
 * call so the web app shows progress per item and resumes after a dropped connection. An item
 * already uploaded is never sent again, nor a photo whose bytes were already sent for the vehicle.
 */
export class NavigatorUploadsService {
  constructor(
    private readonly db: Db,
    private readonly fleet: FleetProvider,
  ) {}

  /** A bus's items; the caller checked the bus is the user's (a bus's read, decision 051). */
  async ofVehicle(vehicleId: number): Promise<UploadItem[]> {
    const { photos, notes, rows } = await listUploadSources(this.db, vehicleId);
    const rowOf = (kind: UploadKind, id: number) => rows.find((r) => r.kind === kind && r.itemId === id);
    return [
      ...photos.map((p) => ({
        kind: 'photo' as const,
        id: p.id,
        label: photoLabel(p),
        ...itemState(rowOf('photo', p.id), p.contentHash),
      })),
      ...notes.map((n) => ({
        kind: 'note' as const,
        id: n.id,
        label: noteLabel(n),
        ...itemState(rowOf('note', n.id), sha256(n.content)),
      })),
    ];
  }

  /** Sends one item unless it is already there; answers the item's new state. */
  async upload(user: AuthUser, kind: UploadKind, id: number): Promise<UploadItem> {
    requireCapability(this.fleet, 'uploads');
    const item = kind === 'photo' ? await this.photoItem(id) : await this.noteItem(id);
    if (!item || !user.clientIds.includes(item.clientId)) throw notFound(kind === 'photo' ? 'Photo' : 'Note');
    const previous = await findUploadRow(this.db, kind, id);
    const record = (values: {
      state: 'uploaded' | 'failed';
      externalId: string | null;
      lastError: string | null;
    }) =>
      recordUpload(this.db, {
        vehicleId: item.vehicleId,
        kind,
        itemId: id,
        contentHash: item.contentHash,
        ...values,
      });
    const answer = (row: UploadRow) => ({ kind, id, label: item.label, ...itemState(row, item.contentHash) });

    if (previous?.state === 'uploaded' && previous.contentHash === item.contentHash) return answer(previous);
    const sameBytes =
      kind === 'photo' ? await findUploadedHash(this.db, item.vehicleId, item.contentHash) : null;
    if (sameBytes !== null)
      return answer(await record({ state: 'uploaded', externalId: sameBytes, lastError: null }));
    if (item.vehicleExternalId === null)
      return answer(await record({ state: 'failed', externalId: null, lastError: NOT_IN_NAVIGATOR }));
    try {
      const { externalId } = await this.fleet.upload({
        kind,
        vehicleExternalId: item.vehicleExternalId,
        deviceExternalId: null,
        content: item.content,
        label: item.label,
      });
      return answer(await record({ state: 'uploaded', externalId, lastError: null }));
    } catch (err) {
      const lastError =
        err instanceof ProviderRejectedError ? `Navigator refused it: ${err.message}` : UNREACHABLE;
      return answer(await record({ state: 'failed', externalId: null, lastError }));
    }
  }

  private async photoItem(id: number) {
    const p = await findPhotoForUpload(this.db, id);
    if (!p) return null;
    return {
      ...p,
      content: p.photoData,
      contentHash: p.contentHash ?? sha256(jpegBytes(p.photoData)),
      label: photoLabel(p),
    };
  }

  private async noteItem(id: number) {
    const n = await findNoteForUpload(this.db, id);
    if (!n) return null;
    return { ...n, contentHash: sha256(n.content), label: noteLabel(n) };
  }
}
