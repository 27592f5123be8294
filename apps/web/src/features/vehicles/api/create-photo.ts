import { useMutation } from '@tanstack/react-query';
import { PhotoSchema, type CreatePhotoInput, type Photo } from '@toolkit/contracts/photos.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';

export async function createPhoto(input: CreatePhotoInput): Promise<Photo> {
  const res = await apiRequest('POST', '/api/photos', input, newIdempotencyKey('photo'));
  return PhotoSchema.parse(await res.json());
}

export function useCreatePhoto() {
  return useMutation({ mutationFn: createPhoto });
}
