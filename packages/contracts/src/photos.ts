import { z } from 'zod';
import { idSchema, optionalMultiLine, optionalSingleLine } from './primitives.ts';
import { PHOTO_MAX_BYTES } from './constants.ts';

export const PHOTO_TYPES = ['before', 'during', 'device', 'after', 'issue'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const JPEG_DATA_URL = /^data:image\/jpe?g;base64,([A-Za-z0-9+/]+={0,2})$/;
/** Base64 text of PHOTO_MAX_BYTES is at most this long. */
const MAX_BASE64_CHARS = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

export const PHOTO_MESSAGES = {
  typeRequired: 'Photo type is required',
  notJpeg: 'Photo must be JPEG image data',
  tooLarge: `Photo is larger than ${String(PHOTO_MAX_BYTES / 1024 / 1024)} MB`,
  saveFailed: 'Failed to save photo',
} as const;

const PhotoDataSchema = z
  .string()
  .max(MAX_BASE64_CHARS + 30, PHOTO_MESSAGES.tooLarge)
  .regex(JPEG_DATA_URL, PHOTO_MESSAGES.notJpeg);

/** A small JPEG preview made by the web app on a canvas when the photo is taken. */
const THUMBNAIL_MAX_CHARS = 96 * 1024;
const ThumbnailDataSchema = z
  .string()
  .max(THUMBNAIL_MAX_CHARS, 'Thumbnail is too large')
  .regex(JPEG_DATA_URL, PHOTO_MESSAGES.notJpeg);

export const CreatePhotoInputSchema = z.object({
  vehicleId: idSchema(),
  photoData: PhotoDataSchema,
  /** Optional: without it the full photo serves as its own thumbnail. */
  thumbnailData: ThumbnailDataSchema.nullish().transform((v) => v ?? null),
  photoType: z.enum(PHOTO_TYPES, PHOTO_MESSAGES.typeRequired),
  description: optionalMultiLine(1000),
  deviceId: optionalSingleLine(100),
});
export type CreatePhotoInput = z.input<typeof CreatePhotoInputSchema>;

/**
 * A photo as lists and saves answer it: no image body, only the paths that serve the image and its
 * thumbnail (authenticated GETs answering image/jpeg).
 */
export const PhotoSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
  /** SHA-256 of the JPEG bytes (hex); null only for photos saved before hashes were kept. */
  contentHash: z.string().nullable(),
  photoType: z.enum(PHOTO_TYPES),
  description: z.string().nullable(),
  deviceId: z.string().nullable(),
  takenBy: z.number().int(),
  takenAt: z.string(),
  uploadedToNavigator: z.boolean(),
  navigatorUploadedAt: z.string().nullable(),
});
export type Photo = z.infer<typeof PhotoSchema>;
export const PhotoListSchema = z.array(PhotoSchema);
