export type CheckResult = 'pass' | 'warn';

export interface R0Check {
  id: 'signal' | 'data' | 'server' | 'gps' | 'power';
  label: string;
  result: CheckResult;
  detail: string;
}

export interface R0Report {
  /** Unit model, firmware and ESN from the APP line, when present. */
  unit: string | null;
  checks: R0Check[];
}

/** Weakest signal still counted as good, in dBm. */
export const MIN_GOOD_SIGNAL_DBM = -95;
/** Lowest healthy vehicle input voltage (12 V systems). */
export const MIN_INPUT_VOLTS = 11.5;

function lineFor(lines: string[], tag: string): string | null {
  return lines.find((l) => l.toUpperCase().startsWith(`${tag}:`)) ?? null;
}

function missing(id: R0Check['id'], label: string): R0Check {
  return { id, label, result: 'warn', detail: 'Not in the report' };
}

function signalCheck(com: string | null): R0Check {
  const label = 'Signal strength';
  if (!com) return missing('signal', label);
  const match = /(-?\d+)\s*dBm/i.exec(com);
  if (!match) return missing('signal', label);
  const dbm = Number(match[1]);
  const carrier = /\[([^\]]+)\]/.exec(com)?.[1];
  const where = carrier ? ` (${carrier})` : '';
  return dbm >= MIN_GOOD_SIGNAL_DBM
    ? { id: 'signal', label, result: 'pass', detail: `${dbm} dBm${where}` }
    : { id: 'signal', label, result: 'warn', detail: `Weak: ${dbm} dBm${where}` };
}

function dataCheck(com: string | null): R0Check {
  const label = 'Data session';
  const match = com ? /^COM:\s*(\d)/i.exec(com) : null;
  if (!match) return missing('data', label);
  return match[1] === '0'
    ? { id: 'data', label, result: 'warn', detail: 'No data session' }
    : { id: 'data', label, result: 'pass', detail: 'Data session up' };
}

function serverCheck(com: string | null): R0Check {
  const label = 'Server acknowledged (IP)';
  const up = com ? /^COM:\s*(\d)/i.exec(com)?.[1] !== '0' : false;
  const ip = com ? /IP:\s*(\d{1,3}(?:\.\d{1,3}){3})/i.exec(com)?.[1] : undefined;
  if (!com) return missing('server', label);
  if (ip && ip !== '0.0.0.0' && up) return { id: 'server', label, result: 'pass', detail: `IP ${ip}` };
  return { id: 'server', label, result: 'warn', detail: ip && ip !== '0.0.0.0' ? `IP ${ip}, no data session` : 'No IP address' };
}

function gpsCheck(gps: string | null): R0Check {
  const label = 'GPS antenna and fix';
  if (!gps) return missing('gps', label);
  const sats = /(\d+)\s*SAT/i.exec(gps)?.[1];
  const satText = sats === undefined ? '' : `, ${sats} satellites`;
  if (/^GPS:\s*No\b/i.test(gps)) return { id: 'gps', label, result: 'warn', detail: `No fix: check the GPS antenna${satText}` };
  const fix = /^GPS:\s*Yes\s*(\dD)?/i.exec(gps);
  if (!fix) return { id: 'gps', label, result: 'warn', detail: 'Fix state unreadable' };
  const kind = fix[1]?.toUpperCase();
  if (kind === '3D') return { id: 'gps', label, result: 'pass', detail: `3D fix${satText}` };
  return { id: 'gps', label, result: 'warn', detail: `${kind ?? 'Partial'} fix only${satText}` };
}

function powerCheck(inp: string | null): R0Check {
  const label = 'Input voltage';
  if (!inp) return missing('power', label);
  const match = /PWR\s*(\d+(?:\.\d+)?)\s*V/i.exec(inp);
  if (!match) return missing('power', label);
  const volts = Number(match[1]);
  const ignition = /IGN\s*(ON|OFF)/i.exec(inp)?.[1]?.toUpperCase();
  const ign = ignition ? `, ignition ${ignition.toLowerCase()}` : '';
  return volts >= MIN_INPUT_VOLTS
    ? { id: 'power', label, result: 'pass', detail: `${volts.toFixed(1)} V${ign}` }
    : { id: 'power', label, result: 'warn', detail: `Low: ${volts.toFixed(1)} V${ign}` };
}

/**
 * Turns a CalAmp LMU `!R0` status reply (APP, COM, GPS and INP lines) into plain checks with
 * pass/warn marks. Lines may come in any order; a missing line gives a warning, never an error.
 */
export function parseR0Report(reply: string): R0Report {
  const lines = reply
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const app = lineFor(lines, 'APP');
  const com = lineFor(lines, 'COM');
  return {
    unit: app ? app.replace(/^APP:\s*/i, '') : null,
    checks: [signalCheck(com), dataCheck(com), serverCheck(com), gpsCheck(lineFor(lines, 'GPS')), powerCheck(lineFor(lines, 'INP'))],
  };
}
