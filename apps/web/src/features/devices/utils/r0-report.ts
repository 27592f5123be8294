type CheckResult = 'pass' | 'warn';

interface R0Check {
  id: 'signal' | 'data' | 'server' | 'gps' | 'power';
  label: string;
  result: CheckResult;
  detail: string;
}

interface R0Report {
  /** App id and firmware from the APP line, when present. */
  unit: string | null;
  checks: R0Check[];
}

/** The modem reports -113 dBm when it hears no network at all. */
const NO_SIGNAL_DBM = -113;
/** Weakest signal still counted as good, in dBm. */
const MIN_GOOD_SIGNAL_DBM = -95;
/** Lowest healthy input voltage of a 12 V and of a 24 V vehicle. */
const MIN_INPUT_VOLTS = { 12: 11.5, 24: 23 } as const;
/** An IP address the unit shows when it has no data session. */
const NO_SESSION_IP = '192.168.0.0';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** COM flags: data session (./d/D), server acknowledgement (./a/A, empty if never), log (./L); an IP may follow. */
const COM_FLAGS = /^([.dD])([.aA]?)([.L]?)(\d{1,3}(?:\.\d{1,3}){3})?$/;

/** The fields of a line after its tag; brackets group a field ("[Verizon LTE]"). */
function fields(lines: readonly string[], tag: string): string[] | null {
  const line = lines.find((l) => l.toUpperCase().startsWith(`${tag}:`));
  if (line === undefined) return null;
  const rest = line.slice(tag.length + 1);
  return (rest.match(/\[[^\]]*\]|[^\s[\]]+/g) ?? [])
    .map((f) => f.replace(/^\[|\]$/g, '').trim())
    .filter(Boolean);
}

function check(id: R0Check['id'], label: string, result: CheckResult, detail: string): R0Check {
  return { id, label, result, detail };
}

const missing = (id: R0Check['id'], label: string) => check(id, label, 'warn', 'Not in the report');

interface Com {
  rssi: number | null;
  data: string | null;
  ack: string | null;
  ip: string | null;
}

function readCom(com: string[]): Com {
  const rssiField = com.find((f) => /^-\d{2,3}(?:dBm)?$/i.test(f));
  let flags: RegExpExecArray | null = null;
  for (const f of com) flags ??= COM_FLAGS.exec(f);
  return {
    rssi: rssiField === undefined ? null : Number.parseInt(rssiField, 10),
    data: flags?.[1] ?? null,
    ack: flags ? (flags[2] ?? '') : null,
    ip: flags?.[4] ?? com.find((f) => IPV4.test(f)) ?? null,
  };
}

function signalCheck(com: Com | null): R0Check {
  const label = 'Signal strength';
  const dbm = com?.rssi ?? null;
  if (dbm === null) return missing('signal', label);
  if (dbm <= NO_SIGNAL_DBM)
    return check(
      'signal',
      label,
      'warn',
      `No network (${dbm} dBm): check the cellular antenna and its cable`,
    );
  if (dbm < MIN_GOOD_SIGNAL_DBM)
    return check('signal', label, 'warn', `Weak: ${dbm} dBm; check the cellular antenna`);
  return check('signal', label, 'pass', `${dbm} dBm`);
}

function dataCheck(com: Com | null): R0Check {
  const label = 'Data session';
  if (!com?.data) return missing('data', label);
  if (com.data === 'D' && com.ip !== NO_SESSION_IP)
    return check('data', label, 'pass', com.ip ? `Up, IP ${com.ip}` : 'Up');
  if (com.data === 'd') return check('data', label, 'warn', 'Only the maintenance connection is up');
  return check('data', label, 'warn', 'No data session: check the SIM card and the APN');
}

function serverCheck(com: Com | null, inbound: string[] | null): R0Check {
  const label = 'Server acknowledged';
  if (!com || com.ack === null) return missing('server', label);
  const server = inbound?.[0] ? ` (${inbound[0]})` : '';
  if (com.ack === 'A') return check('server', label, 'pass', `Acknowledged since the last restart${server}`);
  if (com.ack === 'a')
    return check('server', label, 'warn', `Not since the last restart, only before it${server}`);
  return check('server', label, 'warn', `No acknowledgement: check the server address and port${server}`);
}

function gpsCheck(gps: string[] | null): R0Check {
  const label = 'GPS antenna and fix';
  if (gps === null) return missing('gps', label);
  const text = gps.join(' ');
  const antenna = /antenna\s+(short|open|off)/i.exec(text)?.[1]?.toLowerCase();
  if (antenna === 'short') return check('gps', label, 'warn', 'Antenna short: the cable is probably crushed');
  if (antenna === 'open') return check('gps', label, 'warn', 'Antenna open: the cable is cut or unplugged');
  if (antenna === 'off') return check('gps', label, 'warn', 'The GPS receiver is off');
  if (/no\s+time\s+sync/i.test(text))
    return check('gps', label, 'warn', 'No satellites found: check the antenna has a clear view of the sky');
  const words = text.split(/\s+/);
  const fixAt = words.findIndex((w) => /^[23]D$/i.test(w));
  const sats = words.slice(fixAt + 1).find((w) => /^\d{1,2}$/.test(w));
  const satText = sats === undefined ? '' : `, ${sats} satellites`;
  const fix = words[fixAt]?.toUpperCase();
  if (fix === '3D') return check('gps', label, 'pass', `3D fix${satText}`);
  if (fix === '2D')
    return check('gps', label, 'warn', `2D fix only${satText}: check the antenna's view of the sky`);
  return check('gps', label, 'warn', `No current fix (${text || 'no status'})`);
}

function powerCheck(inp: string[] | null): R0Check {
  const label = 'Input voltage';
  if (inp === null) return missing('power', label);
  // Input states: one 0/1 character per input, the ignition rightmost (8 on an LMU).
  const inputs = inp.find((f) => /^[01]{4,}$/.test(f));
  const reading = inp.filter((f) => f !== inputs).find((f) => /^\d+(?:\.\d+)?(?:m?V)?$/i.test(f));
  if (reading === undefined) return missing('power', label);
  const value = Number.parseFloat(reading);
  // The unit reports millivolts; some firmware reports volts.
  const volts = /mV$/i.test(reading) || value > 100 ? value / 1000 : value;
  const min = volts >= 18 ? MIN_INPUT_VOLTS[24] : MIN_INPUT_VOLTS[12];
  const ignition = inputs === undefined ? '' : `, ignition ${inputs.endsWith('1') ? 'on' : 'off'}`;
  return volts >= min
    ? check('power', label, 'pass', `${volts.toFixed(1)} V${ignition}`)
    : check(
        'power',
        label,
        'warn',
        `Low: ${volts.toFixed(1)} V${ignition}; check the power and ground wiring`,
      );
}

/**
 * Reads a CalAmp LMU `!R0` text status reply (APP, COM, GPS, INP, and MID and INB lines) into
 * plain checks with pass/warn marks. Lines may come in any order; a missing line gives a warning.
 */
export function parseR0Report(reply: string): R0Report {
  const lines = reply
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const app = fields(lines, 'APP');
  const comFields = fields(lines, 'COM');
  const com = comFields === null ? null : readCom(comFields);
  return {
    unit: app && app.length > 0 ? app.join(' ') : null,
    checks: [
      signalCheck(com),
      dataCheck(com),
      serverCheck(com, fields(lines, 'INB')),
      gpsCheck(fields(lines, 'GPS')),
      powerCheck(fields(lines, 'INP')),
    ],
  };
}
