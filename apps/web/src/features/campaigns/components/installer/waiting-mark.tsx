import { CAMPAIGN_MESSAGES } from '@toolkit/contracts/campaigns.ts';
import { CloudUpload } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';

/** "Waiting to sync": shown on what the phone holds until the server has it. */
export function WaitingMark({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground', className)}
    >
      <CloudUpload aria-hidden className="size-4 shrink-0" />
      {CAMPAIGN_MESSAGES.waitingToSync}
    </span>
  );
}
