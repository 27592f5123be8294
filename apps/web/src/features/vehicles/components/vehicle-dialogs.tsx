import { Dialog } from '../../../components/ui/dialog.tsx';
import type { VehicleListItem } from '../utils/vehicle-list.ts';
import type { VehicleAction } from './vehicle-details.tsx';
import { VehicleEditorDialog } from './vehicle-editor-dialog.tsx';
import type { VehiclePartDialogs } from './vehicle-parts.tsx';

export type OpenDialog = { action: VehicleAction; vehicle: VehicleListItem } | null;

/**
 * The dialog of a row action, held above the windowed list so that it stays open when its row
 * scrolls out of the rendered window.
 */
export type VehicleDialogsProps = { dialog: OpenDialog; clientId: number; onClose: () => void };

export function VehicleDialogs({
  dialog,
  clientId,
  onClose,
  parts: { AddDeviceDialog, NoteDialog, PhotoCaptureDialog },
}: VehicleDialogsProps & { parts: VehiclePartDialogs }) {
  return (
    <Dialog
      open={dialog !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {dialog?.action === 'info' && (
        <VehicleEditorDialog
          key={dialog.vehicle.rowKey}
          vehicle={dialog.vehicle}
          clientId={clientId}
          onDone={onClose}
        />
      )}
      {dialog?.action === 'device' && (
        <AddDeviceDialog vehicle={dialog.vehicle} clientId={clientId} onDone={onClose} />
      )}
      {dialog?.action === 'picture' && <PhotoCaptureDialog vehicle={dialog.vehicle} onDone={onClose} />}
      {dialog?.action === 'notes' && <NoteDialog vehicle={dialog.vehicle} onDone={onClose} />}
    </Dialog>
  );
}
