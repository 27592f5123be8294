import type { Random, SimDevice } from './fleet-data.ts';

/** The application id an LMU reports on its APP line (the simulator's units all share one). */
const APP_ID = '081';
const APN: Readonly<Record<string, string>> = {
  Verizon: 'vzwinternet',
  'AT&T': 'broadband',
  'T-Mobile': 'fast.t-mobile.com',
};

/**
 * The reply of a CalAmp LMU to `!R0`, in its text status form:
 *   APP:<app id> <firmware>
 *   COM:<RSSI> <D|d|.><A|a|.><L|.> <IP address> <APN>
 *   GPS:<fix> <satellites> | No Time Sync | Antenna <Short|Open|Off>
 *   INP:<input states, ignition rightmost> <supply millivolts>
 */
export function lmuStatusReport(d: SimDevice, r: Random): string {
  const firmware = (d.firmwareVersion ?? '').replace(/^LMU\s*/i, '') || '48.1f';
  const sats = typeof d.metadata.gpsCount === 'number' ? d.metadata.gpsCount : 0;
  const gps = sats >= 4 ? `3D ${String(sats)}` : sats > 0 ? `2D ${String(sats)}` : 'No Time Sync';
  const rssi = d.signalStrength === null ? -113 : Math.round(-113 + (d.signalStrength / 100) * 62);
  // A unit in error has no data session; one in warning has not heard from the server since it restarted.
  const session = d.status === 'error' ? '..' : d.status === 'warning' ? 'Da' : 'DA';
  const log = r.chance(0.3) ? 'L' : '.';
  const ip =
    d.status === 'error'
      ? '192.168.0.0'
      : (d.ipAddress ?? `10.64.${String(r.int(0, 255))}.${String(r.int(2, 254))}`);
  const volts = typeof d.metadata.inputVoltage === 'number' ? d.metadata.inputVoltage : 12.8;
  const inputs = `0000${r.chance(0.5) ? '1' : '0'}01${d.status === 'offline' ? '0' : '1'}`;
  return [
    `APP:${APP_ID} ${firmware}`,
    `COM:${String(rssi)} ${session}${log} ${ip} ${APN[d.carrier] ?? 'internet'}`,
    `GPS:${gps}`,
    `INP:${inputs} ${String(Math.round(volts * 1000))}`,
  ].join('\n');
}
