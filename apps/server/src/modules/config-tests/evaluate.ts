import type { ConfigTestName, TestResult } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';

export type Evaluation = Record<ConfigTestName, { result: TestResult; detail: string }>;

/** A GPS position older than this is stale. */
const GPS_FRESH_MS = 5 * 60_000;
const GPS_MIN_SATELLITES = 4;
const ROUTER_GOOD_SIGNAL = 40;
const CLOCK_PASS_MS = 1000;
const CLOCK_WARN_MS = 5000;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ageMs = (iso: string | null | undefined, now: number): number | null =>
  iso ? now - new Date(iso).getTime() : null;
const minutes = (ms: number) => `${String(Math.round(ms / 60_000))} min`;
const seconds = (ms: number) => `${String(Math.round(ms / 1000))} s`;

/** Said when a unit reports no satellite count (Traccar: no `sat`): unknown, never "none". */
const SATELLITES_UNKNOWN = 'satellite count unknown (the unit does not report it)';
/** Said of a device the fleet platform has disabled (its metadata `disabled`). */
const DISABLED_ON_PLATFORM = 'disabled in the fleet platform';

const isDisabled = (d: Device) => d.metadata.disabled === true;

interface GpsCandidate {
  d: Device;
  /** null: the unit does not say. */
  sats: number | null;
  fixValid: boolean | null;
  age: number | null;
}

/** Orders GPS units: a known count by itself; an unknown one just under a full fix, unless invalid. */
const gpsRank = (c: GpsCandidate) => c.sats ?? (c.fixValid === false ? -1 : GPS_MIN_SATELLITES - 0.5);

function gpsUnknownSatellites(best: GpsCandidate): Evaluation['gpsTest'] {
  const where =
    best.fixValid === false
      ? 'no valid fix'
      : best.age === null
        ? 'last position unknown'
        : best.age > GPS_FRESH_MS
          ? `last position ${minutes(best.age)} ago`
          : `${best.fixValid === true ? 'valid fix, ' : ''}position ${seconds(best.age)} old`;
  return { result: 'warning', detail: `${best.d.deviceId}: ${where}; ${SATELLITES_UNKNOWN}` };
}

function gps(devices: readonly Device[], now: number): Evaluation['gpsTest'] {
  const units = devices.filter((d) => d.type === 'GPS');
  if (units.length === 0) return { result: 'fail', detail: 'No GPS unit on this vehicle' };
  const reporting = units.filter((d) => d.status !== 'offline' && d.status !== 'error');
  if (reporting.length === 0) {
    const ids = units.map((u) => u.deviceId).join(', ');
    const why = units.every(isDisabled) ? DISABLED_ON_PLATFORM : 'not reporting';
    return { result: 'fail', detail: `GPS unit ${ids} is ${why}` };
  }
  let best: GpsCandidate | null = null;
  for (const d of reporting) {
    const fixAt = typeof d.metadata.lastFixAt === 'string' ? d.metadata.lastFixAt : d.lastHeartbeat;
    const fixValid = typeof d.metadata.fixValid === 'boolean' ? d.metadata.fixValid : null;
    const c = { d, sats: num(d.metadata.gpsCount), fixValid, age: ageMs(fixAt, now) };
    if (!best || gpsRank(c) > gpsRank(best)) best = c;
  }
  if (!best) return { result: 'fail', detail: 'No GPS position' };
  if (best.sats === null) return gpsUnknownSatellites(best);
  if (best.sats < GPS_MIN_SATELLITES)
    return {
      result: 'warning',
      detail: `${best.d.deviceId}: only ${String(best.sats)} satellites (need ${String(GPS_MIN_SATELLITES)} for a 3D fix); check the antenna`,
    };
  if (best.age === null || best.age > GPS_FRESH_MS)
    return {
      result: 'warning',
      detail: `${best.d.deviceId}: last position ${best.age === null ? 'unknown' : `${minutes(best.age)} ago`}`,
    };
  return {
    result: 'pass',
    detail: `${best.d.deviceId}: 3D fix with ${String(best.sats)} satellites, position ${seconds(best.age)} old`,
  };
}

function connectivity(devices: readonly Device[]): Evaluation['connectivityTest'] {
  const routers = devices.filter((d) => d.type === 'Router');
  if (routers.length === 0) {
    const gpsUp = devices.some((d) => d.type === 'GPS' && d.status === 'online');
    return gpsUp
      ? { result: 'warning', detail: 'No router: only the GPS unit’s own modem is connected' }
      : { result: 'fail', detail: 'No router and no connected unit on this vehicle' };
  }
  const up = routers.filter((d) => d.status === 'online' || d.status === 'warning');
  if (up.length === 0)
    return {
      result: 'fail',
      detail: `Router ${routers.map((r) => r.deviceId).join(', ')} is ${routers.every(isDisabled) ? DISABLED_ON_PLATFORM : (routers[0]?.status ?? 'offline')}`,
    };
  const best = up.reduce((a, b) => ((b.signalStrength ?? 0) > (a.signalStrength ?? 0) ? b : a));
  const signal = best.signalStrength ?? 0;
  const network = typeof best.metadata.network === 'string' ? ` on ${best.metadata.network}` : '';
  if (best.status === 'warning' || signal < ROUTER_GOOD_SIGNAL)
    return { result: 'warning', detail: `${best.deviceId}: weak signal ${String(signal)}%${network}` };
  return { result: 'pass', detail: `${best.deviceId}: connected, signal ${String(signal)}%${network}` };
}

function headsign(devices: readonly Device[]): Evaluation['headsignTest'] {
  const signs = devices.filter(
    (d) =>
      d.type === 'Other' &&
      ((d.deviceSystem ?? '').toLowerCase().includes('headsign') || typeof d.metadata.headsign === 'string'),
  );
  if (signs.length === 0)
    return { result: 'warning', detail: 'No head-sign controller recorded on this vehicle' };
  const failed = signs.find((d) => d.status === 'error');
  if (failed) return { result: 'fail', detail: `${failed.deviceId}: controller reports an error` };
  const showing = signs
    .map((d) => d.metadata.headsign)
    .find((h): h is string => typeof h === 'string' && h.trim() !== '');
  if (!showing) return { result: 'warning', detail: 'Head-sign shows no destination' };
  return { result: 'pass', detail: `Head-sign shows “${showing}”` };
}

function clockSync(devices: readonly Device[]): Evaluation['clockSyncTest'] {
  const drifts = devices
    .filter((d) => d.status !== 'offline')
    .flatMap((d) => {
      const drift = num(d.metadata.clockDriftMs);
      return drift === null ? [] : [{ d, drift: Math.abs(drift) }];
    });
  if (drifts.length === 0) return { result: 'fail', detail: 'No reporting device gives its clock' };
  const worst = drifts.reduce((a, b) => (b.drift > a.drift ? b : a));
  const text = `${worst.d.deviceId}: clock off by ${(worst.drift / 1000).toFixed(1)} s`;
  if (worst.drift <= CLOCK_PASS_MS)
    return {
      result: 'pass',
      detail: `All clocks within ${String(CLOCK_PASS_MS / 1000)} s (worst ${(worst.drift / 1000).toFixed(1)} s)`,
    };
  if (worst.drift <= CLOCK_WARN_MS) return { result: 'warning', detail: text };
  return { result: 'fail', detail: text };
}

function audio(devices: readonly Device[]): Evaluation['audioTest'] {
  const withAudio = devices.filter((d) => typeof d.metadata.audio === 'string');
  if (withAudio.length === 0)
    return { result: 'warning', detail: 'No announcement (audio) equipment reports on this vehicle' };
  const muted = withAudio.find((d) => d.metadata.audio !== 'ok');
  if (muted) return { result: 'warning', detail: `${muted.deviceId}: audio ${String(muted.metadata.audio)}` };
  return { result: 'pass', detail: 'Announcement audio reports OK' };
}

/** The five configuration tests, computed from the vehicle's devices as last reported. */
export function evaluateConfiguration(devices: readonly Device[], now: number = Date.now()): Evaluation {
  return {
    gpsTest: gps(devices, now),
    connectivityTest: connectivity(devices),
    headsignTest: headsign(devices),
    clockSyncTest: clockSync(devices),
    audioTest: audio(devices),
  };
}
