import { useDeleteRecordItem } from './delete-record-item.ts';

/** DELETE /api/photos/{id} (§7), through the outbox. */
export const useDeletePhoto = (vehicleId: number) => useDeleteRecordItem('photos', vehicleId);
