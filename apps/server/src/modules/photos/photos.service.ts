import type { CreatePhotoInputSchema, Photo } from '@toolkit/contracts/photos.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import { deletePhoto, findPhotoClient, insertPhoto, listPhotosByVehicle } from './photos.repository.ts';

/** Installation photos, kept per vehicle; another agency's photo answers 404. */
export class PhotosService {
  constructor(private readonly db: Db) {}

  async add(user: AuthUser, input: z.output<typeof CreatePhotoInputSchema>): Promise<Photo> {
    const vehicle = await visibleVehicle(this.db, user, input.vehicleId);
    const { photoData, photoType, description, deviceId } = input;
    return insertPhoto(this.db, {
      vehicleId: vehicle.id,
      photoData,
      photoType,
      description,
      deviceId,
      takenBy: user.id,
    });
  }

  async listByVehicle(user: AuthUser, vehicleId: number): Promise<Photo[]> {
    const vehicle = await visibleVehicle(this.db, user, vehicleId);
    return listPhotosByVehicle(this.db, vehicle.id);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const clientId = await findPhotoClient(this.db, id);
    if (clientId === null || !user.clientIds.includes(clientId)) throw notFound('Photo');
    await deletePhoto(this.db, id);
  }
}
