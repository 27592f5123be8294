import { useMutation } from '@tanstack/react-query';
import { PhotoSchema, type CreatePhotoInput, type Photo } from '@toolkit/contracts/photos.ts';
import { apiRequestWithKey, newIdempotencyKey } from './request-with-key.ts';

export async function createPhoto(input: CreatePhotoInput): Promise<Photo> {
  const res = await apiRequestWithKey('POST', '/api/photos', input, newIdempotencyKey('photo'));
  return PhotoSchema.parse(await res.json());
}

export function useCreatePhoto() {
  return useMutation({ mutationFn: createPhoto });
}
