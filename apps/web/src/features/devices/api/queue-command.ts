import { enqueue } from '../../../lib/outbox/outbox.ts';
import { devicePath, deviceQueryOptions } from './get-device.ts';

export interface DeviceCommand {
  deviceId: string;
  /** What the pending list says ('!R0 to 4661200001'). */
  label: string;
  /** The command route's tail under /api/devices/{deviceId}/ ('sms', 'tablet-operation'). */
  route: 'sms' | 'tablet-operation';
  body: unknown;
}

/**
 * A device command kept on the phone, by the installer's explicit choice, to go out when the
 * connection returns (issue 14). Commands need the network to reach the unit, so they are never
 * queued silently: the panels offer this only after saying there is no connection.
 */
export async function queueCommand(command: DeviceCommand): Promise<void> {
  await enqueue({
    label: command.label,
    method: 'POST',
    url: `${devicePath(command.deviceId)}/${command.route}`,
    body: command.body,
    keyPrefix: `command-${command.route}`,
    invalidate: [deviceQueryOptions(command.deviceId).queryKey],
  });
}
