import { Card, CardTitle } from '../../../components/ui/card.tsx';
import type { VehicleListItem } from '../../vehicles/index.ts';
import { NoteForm } from './note-form.tsx';

/**
 * The installation log of a vehicle created without signal: nothing is logged on the server yet,
 * so only the note form, whose notes are sent after the vehicle (decision 036).
 */
export function PendingVehicleNotes({ vehicle }: { vehicle: VehicleListItem }) {
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <CardTitle>Installation log</CardTitle>
      <p className="text-muted-foreground">
        Vehicle {vehicle.vehicleId} is not synced yet: its devices, tests and log show once it is. What you do
        here is saved on this device and sent after it.
      </p>
      <NoteForm vehicleId={vehicle.id} />
    </Card>
  );
}
