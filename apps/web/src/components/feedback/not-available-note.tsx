import { NOT_AVAILABLE_WITH_PLATFORM, type Capability } from '@toolkit/contracts/platform.ts';
import { cn } from '../../lib/cn.ts';

/**
 * An action the fleet platform lacks (issue 26; Traccar has no tablet operations nor uploads): said
 * to be not available with this platform, with one line why, in place of its buttons. Never a failure.
 */
export function NotAvailableNote({ capability, className }: { capability: Capability; className?: string }) {
  return (
    <div role="note" className={cn('grid gap-1 rounded-lg border-2 border-border p-3', className)}>
      <p className="font-bold">{NOT_AVAILABLE_WITH_PLATFORM}</p>
      {capability.reason && <p>{capability.reason}</p>}
    </div>
  );
}
