import { CloudUpload } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What a section that reads the server says for a vehicle made without signal until its create
 * goes (decision 045); what is done on it meanwhile is kept on this phone and sent after it.
 */
export const WAITING_FOR_VEHICLE = 'Waiting for the vehicle to reach the server';

export function WaitingForVehicle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex gap-2 text-muted-foreground">
      <CloudUpload aria-hidden className="mt-0.5 size-5 shrink-0" />
      <span>
        {WAITING_FOR_VEHICLE}: {children}
      </span>
    </p>
  );
}
