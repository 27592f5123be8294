import { useMutation } from '@tanstack/react-query';
import { PhotoSchema, type CreatePhotoInput, type Photo } from '@toolkit/contracts/photos.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { PHOTOS_URL, photosQueryOptions } from './get-photos.ts';
import { uploadItemsQueryOptions } from './get-upload-items.ts';

/** What a new photo is, in the outbox (its kind). */
export const PHOTO_WRITE = 'photo';

/**
 * POST /api/photos through the outbox: the picture is kept on the phone until the server has it.
 * `creates`: a later write may name the photo by its local id (a blocker's photo, decision 043).
 */
export function createPhoto(
  input: CreatePhotoInput,
  opts: { creates?: boolean } = {},
): Promise<Submitted<Photo>> {
  return submitWrite(
    {
      label: `Photo: ${input.photoType}${input.description ? ` — ${input.description}` : ''}`,
      method: 'POST',
      url: PHOTOS_URL,
      body: input,
      keyPrefix: PHOTO_WRITE,
      ...(opts.creates ? { creates: true } : {}),
      invalidate: [
        photosQueryOptions(input.vehicleId).queryKey,
        uploadItemsQueryOptions(input.vehicleId).queryKey,
      ],
    },
    (answer) => PhotoSchema.parse(answer),
  );
}

/** For a vehicle made without signal too: the outbox holds the photo until its create went (decision 043). */
export function useCreatePhoto() {
  return useMutation({
    mutationFn: (input: CreatePhotoInput) => createPhoto(input),
    networkMode: 'always',
  });
}
