import type { VehicleConnectionStatus } from '@toolkit/contracts/vehicles.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { STATUS_LABELS } from '../utils/vehicle-list.ts';

const TONES = { online: 'success', unknown: 'warning', offline: 'destructive' } as const;

export function VehicleStatusBadge({ status }: { status: VehicleConnectionStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
