import type { DeviceStatus, DeviceType } from '@toolkit/contracts/devices.ts';
import { cn } from '../../lib/cn.ts';
import { deviceStatusView, type DeviceStatusTone } from '../../lib/device-status.ts';

const BADGE: Record<DeviceStatusTone, string> = {
  warning: 'border-warning text-warning',
  destructive: 'border-destructive text-destructive',
  neutral: 'border-border text-foreground',
};

const DOT: Record<DeviceStatusTone, string> = {
  warning: 'bg-warning',
  destructive: 'bg-destructive',
  neutral: 'bg-muted-foreground',
};

/**
 * A device's status as text beside a coloured dot (at least 8 px), by §4's one rule: warning
 * yellow, error and offline red, others (online, non-reporting) grey.
 */
export function DeviceStatusBadge({
  device,
  className,
}: {
  device: { type: DeviceType; status: DeviceStatus };
  className?: string;
}) {
  const view = deviceStatusView(device);
  return (
    <span
      data-status-tone={view.tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border bg-surface px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        BADGE[view.tone],
        className,
      )}
    >
      <span aria-hidden data-status-dot className={cn('size-2.5 shrink-0 rounded-full', DOT[view.tone])} />
      {view.label}
    </span>
  );
}
