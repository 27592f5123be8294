// The action dialogs other resources give a vehicle row, loaded on intent (decision 027).
export { AddDeviceDialog } from '../../features/devices/components/add-device-dialog.tsx';
export { NoteDialog } from '../../features/records/components/note-dialog.tsx';
export { PhotoCaptureDialog } from '../../features/records/components/photo-capture-dialog.tsx';
