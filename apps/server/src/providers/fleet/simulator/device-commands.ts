import type { SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import { ProviderRejectedError, type ProviderSmsReply, type ProviderTabletReply } from '../fleet-provider.ts';
import { SOFTWARE_VERSIONS, type Random, type SimDevice } from './fleet-data.ts';
import { lmuStatusReport } from './status-report.ts';

/* How simulated units answer commands: SMS to GPS units, operations on tablets. */

/** A GPS unit's answer to an SMS command (none when it is off); a reboot moves its heartbeat. */
export function smsReply(d: SimDevice, command: SmsCommand, now: number, r: Random): ProviderSmsReply {
  if (d.type !== 'GPS' || !d.phone) throw new ProviderRejectedError('SMS Not Available', 400);
  const sentAt = new Date(now);
  const answering = d.status !== 'offline';
  const reply = !answering
    ? null
    : command === '!R0'
      ? lmuStatusReport(d, r)
      : `!R3 ACK ${d.serialNumberESN ?? d.deviceId}: reboot in 20 s`;
  if (answering && command === '!R3,20,0') {
    d.lastHeartbeat = new Date(sentAt.getTime() + 20_000).toISOString();
  }
  return {
    command,
    phone: d.phone,
    delivered: true,
    reply,
    sentAt: sentAt.toISOString(),
    repliedAt: reply ? new Date(sentAt.getTime() + 1800 + r.int(0, 2500)).toISOString() : null,
  };
}

/** A tablet's answer to an operation; offline tablets queue it, software must exist. */
export function tabletReply(
  d: SimDevice,
  operation: TabletOperation,
  softwareVersion: string | undefined,
  r: Random,
): ProviderTabletReply {
  if (d.type !== 'Tablet') throw new ProviderRejectedError('Tablet operations are only for tablets', 400);
  const command = operation.toUpperCase().replace(/-/g, '_');
  if (d.status === 'offline') {
    return {
      success: false,
      command,
      message: 'Tablet is offline: the command was queued and will run when it reconnects',
      response: 'QUEUED',
    };
  }
  const wantType =
    operation === 'software-update' ? 'production' : operation === 'addon-install' ? 'addon' : null;
  if (wantType) {
    const version = SOFTWARE_VERSIONS.find((v) => v.type === wantType && v.version === softwareVersion);
    if (!version)
      throw new ProviderRejectedError(
        `Unknown ${wantType === 'production' ? 'production' : 'additional'} software version ${softwareVersion ?? ''}`.trim(),
        400,
      );
    if (wantType === 'production') d.firmwareVersion = `DriverMDT ${version.version}`;
    return {
      success: true,
      command,
      message: `${version.filename} sent to the tablet`,
      response: `DOWNLOADING ${version.filename}; install starts when the vehicle is parked`,
    };
  }
  const responses: Record<string, [string, string]> = {
    'query-mdt': [
      'Tablet answered',
      `Model: ${d.deviceSystem ?? 'MDT'}; App: ${d.firmwareVersion ?? 'unknown'}; Battery: ${String(d.metadata.battery ?? '?')}%; Config: 2026.11.${String(r.int(1, 21)).padStart(2, '0')}; Free storage: ${(8 + r.next() * 20).toFixed(1)} GB`,
    ],
    'publish-conf': ['Configuration published', `CONFIG ACK version 2026.11.22-${String(r.int(1, 9))}`],
    'upload-rider-profiles': ['Rider profiles uploaded', `${String(r.int(800, 2400))} profiles accepted`],
    'reload-configuration': ['Configuration reloaded', 'RELOAD CONFIG OK'],
    'reload-card-database': ['Card database reloaded', `CARD DB OK ${String(r.int(20000, 90000))} cards`],
  };
  const [message, response] = responses[operation] ?? ['Done', 'OK'];
  return { success: true, command, message, response };
}
