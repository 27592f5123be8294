/**
 * The vehicles feature's public entry: what other features may use. Other features import the
 * vehicles feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { useVehicleChoices, vehiclesQueryKey } from './api/get-vehicles.ts';
export type { CreateVehicleOutcome } from './api/create-vehicle.ts';
export { AddVehicleDialog } from './components/add-vehicle-dialog.tsx';
export { PhotoCaptureDialog } from './components/photo-capture-dialog.tsx';
export { NOTE_TYPE_LABELS, PHOTO_TYPE_LABELS } from './utils/record-labels.ts';
export { usePreloadVehicleDialogs, VehicleActionDialogs } from './components/lazy-dialogs.tsx';
export type { OpenDialog as VehicleDialog } from './components/vehicle-dialogs.tsx';
export {
  NoteContentField,
  NoteTypeField,
  useNoteForm,
  type NoteFormOutput,
} from './components/note-fields.tsx';
export { useCreateNote } from './api/create-note.ts';
export { VehicleEditorDialog } from './components/vehicle-editor-dialog.tsx';
export { LabelScannerDialog } from './components/label-scanner-dialog.tsx';
export { useCamera } from './hooks/use-camera.ts';
export { useVehicleList } from './hooks/use-vehicle-list.ts';
export { createBarcodeReader, type BarcodeReader, type ReaderKind } from './scanner/barcode-reader.ts';
export type { VehicleListItem } from './utils/vehicle-list.ts';
