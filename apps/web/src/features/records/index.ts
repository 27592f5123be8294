/**
 * The records feature's public entry (decision 032): the installation record of a vehicle, its
 * notes, photos, installation log and Navigator uploads. Each endpoint's path and query keys live
 * in its module under api/; other features use them only from here.
 */
export { useCreateLogNote } from './api/create-log.ts';
export { createPhoto } from './api/create-photo.ts';
export { useCreateNote } from './api/create-note.ts';
export { useDeleteNote } from './api/delete-note.ts';
export { useDeletePhoto } from './api/delete-photo.ts';
export { logsQueryOptions, useLogs } from './api/get-logs.ts';
export { notesQueryOptions, useNotes } from './api/get-notes.ts';
export { usePhotoImage } from './api/get-photo-image.ts';
export { photosQueryOptions, usePhotos } from './api/get-photos.ts';
export { uploadItemsQueryOptions, useUploadItems } from './api/get-upload-items.ts';
export { useUpdateNote } from './api/update-note.ts';
export { uploadItem } from './api/upload-item.ts';
export { PhotoCaptureDialog } from './components/photo-capture-dialog.tsx';
export { usePendingLogEntries, usePendingNotes, usePendingPhotos } from './hooks/use-pending-records.ts';
