import { useDeleteRecordItem } from './delete-record-item.ts';

/** DELETE /api/notes/{id} (§7), through the outbox. */
export const useDeleteNote = (vehicleId: number) => useDeleteRecordItem('notes', vehicleId);
