import { useMutation } from '@tanstack/react-query';
import { PhotoSchema, type CreatePhotoInput, type Photo } from '@toolkit/contracts/photos.ts';
import type { WaitsFor } from '../../../lib/outbox/outbox.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { PHOTOS_URL, photosQueryOptions } from './get-photos.ts';
import { uploadItemsQueryOptions } from './get-upload-items.ts';

/** POST /api/photos through the outbox: the picture is kept on the phone until the server has it. */
export function createPhoto(input: CreatePhotoInput, waitsFor?: WaitsFor | null): Promise<Submitted<Photo>> {
  return submitWrite(
    {
      label: `Photo: ${input.photoType}${input.description ? ` — ${input.description}` : ''}`,
      method: 'POST',
      url: PHOTOS_URL,
      body: input,
      keyPrefix: 'photo',
      waitsFor,
      invalidate: [
        photosQueryOptions(input.vehicleId).queryKey,
        uploadItemsQueryOptions(input.vehicleId).queryKey,
      ],
    },
    (answer) => PhotoSchema.parse(answer),
  );
}

/** `waitsFor`: the vehicle was created without signal, the photo goes after it (decision 036). */
export function useCreatePhoto(waitsFor?: WaitsFor | null) {
  return useMutation({
    mutationFn: (input: CreatePhotoInput) => createPhoto(input, waitsFor),
    networkMode: 'always',
  });
}
