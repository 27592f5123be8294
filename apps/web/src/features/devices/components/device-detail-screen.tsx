import type { ReactNode } from 'react';
import type { DeviceDetail } from '@toolkit/contracts/devices.ts';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { useDevice } from '../api/get-device.ts';
import { useNow } from '../../../lib/use-now.ts';
import { errorMessage, errorStatus } from '../../../lib/api-error.ts';
import { displayName } from '../utils/device-list.ts';
import { deviceStatusView } from '../utils/device-status.ts';
import { formatHeartbeat } from '../utils/last-seen.ts';
import { AssignmentHistory } from './assignment-history.tsx';
import { ControlPanelButton } from './control-panel.tsx';
import { DeviceAssignment } from './device-assignment.tsx';
import { DeviceIdentifiers, DeviceMetadata, DisabledBadge, Field } from './device-fields.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Device detail (§2): status, identifiers, vehicle, metadata, controls and assignment history. */
export function DeviceDetailScreen({ deviceId }: { deviceId: string }) {
  const device = useDevice(deviceId);
  const phase = queryPhase(device);
  if (phase === 'loading') {
    return (
      <>
        <PageHeader title={`Device ${deviceId}`} />
        <LoadingState label="Loading device" rows={2} rowClassName="h-36" />
      </>
    );
  }
  if (phase === 'offline') {
    return (
      <>
        <PageHeader title={`Device ${deviceId}`} />
        <NothingSavedState noun="device" query={device} />
      </>
    );
  }
  if (device.data === undefined) {
    const notFound = errorStatus(device.error) === 404;
    return (
      <>
        <PageHeader title={`Device ${deviceId}`} />
        <ErrorState
          title={notFound ? 'Device not found' : 'Error loading device'}
          heading
          onRetry={notFound ? undefined : () => void device.refetch()}
        >
          <p className="text-muted-foreground">
            {notFound
              ? `No device ${deviceId} for your clients.`
              : `${errorMessage(device.error, 'Please check your connection.')} Please check your connection and try again.`}
          </p>
        </ErrorState>
      </>
    );
  }
  return <DeviceDetailView device={device.data} notice={<SavedCopyNotice query={device} what="details" />} />;
}

function DeviceDetailView({ device, notice }: { device: DeviceDetail; notice: ReactNode }) {
  const now = useNow();
  const reporting = deviceStatusView(device).reporting;
  return (
    <>
      <PageHeader
        title={displayName(device)}
        subtitle={`${device.type} · ${device.deviceId}`}
        actions={<ControlPanelButton device={device} />}
      />
      {notice}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="grid gap-3">
          <CardTitle>Status</CardTitle>
          <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
            <Field label="Status">
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge device={device} />
                <DisabledBadge device={device} />
              </span>
            </Field>
            <Field label="Last seen">
              {reporting ? formatHeartbeat(device.lastHeartbeat, now) : 'Does not report'}
            </Field>
            <Field label="Signal">{device.signalStrength === null ? '—' : `${device.signalStrength}%`}</Field>
            <Field label="System">{device.deviceSystem ?? '—'}</Field>
          </dl>
        </Card>
        <Card className="grid gap-3">
          <CardTitle>Vehicle</CardTitle>
          <p className="text-lg font-semibold">
            {device.vehicleId === null
              ? 'Unassigned'
              : `Vehicle ${device.vehicleLabel ?? String(device.vehicleId)}`}
          </p>
          <DeviceAssignment device={device} />
        </Card>
        <Card className="grid gap-3">
          <CardTitle>Identifiers</CardTitle>
          <DeviceIdentifiers device={device} />
        </Card>
        <Card className="grid gap-3">
          <CardTitle>Metadata</CardTitle>
          <DeviceMetadata device={device} />
        </Card>
        <Card className="grid gap-3 lg:col-span-2">
          <CardTitle>Assignment History</CardTitle>
          <AssignmentHistory history={device.history} />
        </Card>
      </div>
    </>
  );
}
