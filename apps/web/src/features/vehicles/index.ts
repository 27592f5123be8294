/** The vehicles feature's public surface for other features. */
export { useCreateNote } from './api/create-note.ts';
export { NOTE_TYPE_LABELS } from './components/note-dialog.tsx';
export { PHOTO_TYPE_LABELS, PhotoCaptureDialog } from './components/photo-capture-dialog.tsx';
