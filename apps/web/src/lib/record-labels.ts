import type { NoteType } from '@toolkit/contracts/notes.ts';
import type { PhotoType } from '@toolkit/contracts/photos.ts';

/** Note types as the vehicle list names them (§3). */
export const NOTE_TYPE_LABELS: Readonly<Record<NoteType, string>> = {
  general: 'General',
  issue: 'Issue',
  completion: 'Completion',
  device_specific: 'Device-specific',
};

/** Photo types as the capture dialog names them (§3). */
export const PHOTO_TYPE_LABELS: Readonly<Record<PhotoType, string>> = {
  before: 'Before',
  during: 'During',
  device: 'Device',
  after: 'After',
  issue: 'Issue',
};
