import { createHash } from 'node:crypto';
import type { CreatePhotoInputSchema, Photo } from '@toolkit/contracts/photos.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import {
  deletePhoto,
  findPhotoClient,
  findPhotoImage,
  insertPhoto,
  listPhotosByVehicle,
} from './photos.repository.ts';

/** The JPEG bytes of a `data:image/jpeg;base64,...` URL (the contract has checked its form). */
export function jpegBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Installation photos, kept per vehicle; another agency's photo answers 404. */
export class PhotosService {
  constructor(private readonly db: Db) {}

  async add(user: AuthUser, input: z.output<typeof CreatePhotoInputSchema>): Promise<Photo> {
    const vehicle = await visibleVehicle(this.db, user, input.vehicleId);
    const { photoData, thumbnailData, photoType, description, deviceId } = input;
    return insertPhoto(this.db, {
      vehicleId: vehicle.id,
      photoData,
      thumbnailData,
      contentHash: createHash('sha256').update(jpegBytes(photoData)).digest('hex'),
      photoType,
      description,
      deviceId,
      takenBy: user.id,
    });
  }

  /** A bus's photos; the caller checked the bus is the user's (a bus's read, decision 051). */
  ofVehicle(vehicleId: number): Promise<Photo[]> {
    return listPhotosByVehicle(this.db, vehicleId);
  }

  /** The JPEG of a photo or of its thumbnail (the photo itself when none was made). */
  async image(user: AuthUser, id: number, size: 'full' | 'thumbnail'): Promise<Buffer> {
    const found = await findPhotoImage(this.db, id, size);
    if (!found || !user.clientIds.includes(found.clientId)) throw notFound('Photo');
    return jpegBytes(found.dataUrl);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const clientId = await findPhotoClient(this.db, id);
    if (clientId === null || !user.clientIds.includes(clientId)) throw notFound('Photo');
    await deletePhoto(this.db, id);
  }
}
