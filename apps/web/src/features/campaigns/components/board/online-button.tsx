import { CAMPAIGN_MESSAGES } from '@toolkit/contracts/campaigns.ts';
import { useId } from 'react';
import { Button, type ButtonProps } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { useOnlineStatus } from '../../../../lib/use-online-status.ts';

/**
 * A supervisor action: it needs a connection (the design), so without one it is disabled and says
 * "Needs a connection" beside it.
 */
export function OnlineButton({ disabled, className, ...props }: ButtonProps) {
  const online = useOnlineStatus();
  const noteId = useId();
  return (
    <span className={cn('inline-flex flex-col items-start gap-1', className)}>
      <Button
        {...props}
        disabled={disabled === true || !online}
        aria-describedby={online ? undefined : noteId}
      />
      {!online && (
        <span id={noteId} className="text-sm font-medium text-muted-foreground">
          {CAMPAIGN_MESSAGES.needsConnection}
        </span>
      )}
    </span>
  );
}
