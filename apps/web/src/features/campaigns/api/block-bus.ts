import { useMutation } from '@tanstack/react-query';
import {
  type BusChange,
  BLOCKER_LABELS,
  type BlockerCode,
  type BlockInput,
} from '@toolkit/contracts/campaigns.ts';
import { createKeyOf, localIdOf } from '../../../lib/outbox/outbox.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { createPhoto } from '../../records/index.ts';
import { busWrite, occurredNow, parseBusChange, type BusRef } from './bus-writes.ts';

/** What a reported blocker is, in the outbox (its kind). */
export const BLOCK_WRITE = 'campaign-block';

/** A picture of what blocks the bus, as the camera took it (JPEG data URLs). */
export interface BlockerPicture {
  data: string;
  thumbnail: string | null;
}

export interface Blocker {
  bus: BusRef;
  code: BlockerCode;
  note: string | null;
  /** With a picture: it is saved first as the bus's photo of type `issue`, then linked in the blocker. */
  photo?: { vehicleId: number; picture: BlockerPicture } | null;
}

/**
 * The blocker's photo through the outbox (POST /api/photos, type `issue`), as a create later writes
 * may name: its server id when sent, else its local id, which the outbox swaps for the server's
 * before the blocker goes (decision 043).
 */
async function savePhoto(bus: BusRef, code: BlockerCode, note: string | null, photo: Blocker['photo']) {
  if (!photo) return null;
  const saved = await createPhoto(
    {
      vehicleId: photo.vehicleId,
      photoData: photo.picture.data,
      thumbnailData: photo.picture.thumbnail,
      photoType: 'issue',
      description: `Blocker on bus ${bus.fleetNumber}: ${BLOCKER_LABELS[code]}${note ? ` — ${note}` : ''}`,
    },
    { creates: true },
  );
  return saved.status === 'sent' ? saved.answer.id : localIdOf(createKeyOf(saved.entry));
}

/**
 * POST /api/campaign-buses/{busId}/block through the outbox, after its photo when there is one:
 * "Other" needs a note (the server says so too).
 */
export async function blockBus({ bus, code, note, photo }: Blocker): Promise<Submitted<BusChange | null>> {
  const photoId = await savePhoto(bus, code, note, photo);
  const body: BlockInput = {
    code,
    note,
    ...(photoId === null ? {} : { photoId }),
    occurredAt: occurredNow(),
  };
  return submitWrite(
    {
      label: `Bus ${bus.fleetNumber}: blocker ${BLOCKER_LABELS[code]}`,
      method: 'POST',
      body,
      keyPrefix: BLOCK_WRITE,
      ...busWrite(bus, 'block'),
    },
    parseBusChange,
  );
}

export function useBlockBus() {
  return useMutation({ mutationFn: blockBus, networkMode: 'always' });
}
