import { CAMPAIGN_MESSAGES } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { useClaimBus } from '../../api/claim-bus.ts';
import { sayBusChange } from '../../utils/bus-change.ts';

/** An unassigned bus's checklist: claim it here to work on it. */
export function ClaimBar({ bus }: { bus: BusRef }) {
  const claim = useClaimBus();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="grid gap-2 rounded-lg border-2 border-border p-3">
      <p>This bus is unassigned: claim it to work on it.</p>
      <Button
        className="justify-self-start"
        disabled={claim.isPending}
        onClick={() => {
          setError(null);
          claim.mutate(bus, { onSuccess: sayBusChange, onError: (e) => setError(readableError(e)) });
        }}
      >
        {CAMPAIGN_MESSAGES.claim(bus.fleetNumber)}
      </Button>
      {error !== null && (
        <p role="alert" className="font-semibold break-words text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
