import type { BusChange } from '@toolkit/contracts/campaigns.ts';
import type { Submitted } from '../../../lib/outbox/submit.ts';
import { toast } from '../../../lib/toast-store.ts';

/**
 * What the server says with a write it took, when it says something: "Bus 1207 is back in
 * progress; submit it again when ready." (a write to a bus waiting for review).
 */
export function sayBusChange(result: Submitted<BusChange | null>): void {
  const message = result.status === 'sent' ? result.answer?.message : null;
  if (message) toast({ title: message });
}
