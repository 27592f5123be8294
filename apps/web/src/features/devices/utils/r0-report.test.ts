import { describe, expect, it } from 'vitest';
import { parseR0Report } from './r0-report.ts';

/** Text status replies in the shape CalAmp LMUs send (APP, COM, GPS, INP, MID, INB). */
const HEALTHY = [
  'APP:081 48.1f',
  'COM:-71 DAL 10.64.3.8 vzwinternet',
  'GPS:3D 9',
  'INP:00000111 13812',
  'MID:4661200001 ESN',
  'INB:207.7.101.227:20500 LMD',
].join('\n');

const results = (reply: string) =>
  Object.fromEntries(parseR0Report(reply).checks.map((c) => [c.id, [c.result, c.detail]]));

describe('parseR0Report', () => {
  it('passes every check of a healthy unit', () => {
    const report = parseR0Report(HEALTHY);
    expect(report.unit).toBe('081 48.1f');
    expect(report.checks.map((c) => c.label)).toEqual([
      'Signal strength',
      'Data session',
      'Server acknowledged',
      'GPS antenna and fix',
      'Input voltage',
    ]);
    expect(results(HEALTHY)).toEqual({
      signal: ['pass', '-71 dBm'],
      data: ['pass', 'Up, IP 10.64.3.8'],
      server: ['pass', 'Acknowledged since the last restart (207.7.101.227:20500)'],
      gps: ['pass', '3D fix, 9 satellites'],
      power: ['pass', '13.8 V, ignition on'],
    });
  });

  it('reads the bracketed form with CRLF line ends: no acknowledgement, 2D fix, ignition off', () => {
    const reply = [
      'APP: 063 8.5h',
      'COM:-89 [D.L] [10.128.34.13] [isp.cingular]',
      'GPS:[2D 3]',
      'INP:11100110 12.1',
    ].join('\r\n');
    expect(parseR0Report(reply).unit).toBe('063 8.5h');
    expect(results(reply)).toEqual({
      signal: ['pass', '-89 dBm'],
      data: ['pass', 'Up, IP 10.128.34.13'],
      server: ['warn', 'No acknowledgement: check the server address and port'],
      gps: ['warn', "2D fix only, 3 satellites: check the antenna's view of the sky"],
      power: ['pass', '12.1 V, ignition off'],
    });
  });

  it('warns on no network, no data session and low voltage', () => {
    const reply = ['APP:081 47.3b', 'COM:-113 ..', 'GPS:No Time Sync', 'INP:00000000 10900'].join('\n');
    expect(results(reply)).toEqual({
      signal: ['warn', 'No network (-113 dBm): check the cellular antenna and its cable'],
      data: ['warn', 'No data session: check the SIM card and the APN'],
      server: ['warn', 'No acknowledgement: check the server address and port'],
      gps: ['warn', 'No satellites found: check the antenna has a clear view of the sky'],
      power: ['warn', 'Low: 10.9 V, ignition off; check the power and ground wiring'],
    });
  });

  it('tells a weak signal, a maintenance-only session and an acknowledgement before the last restart', () => {
    expect(results('COM:-101 da 192.168.0.0 vzwinternet')).toMatchObject({
      signal: ['warn', 'Weak: -101 dBm; check the cellular antenna'],
      data: ['warn', 'Only the maintenance connection is up'],
      server: ['warn', 'Not since the last restart, only before it'],
    });
    expect(results('COM:-80 D 192.168.0.0').data).toEqual([
      'warn',
      'No data session: check the SIM card and the APN',
    ]);
    expect(results('COM:-80 DAL10.1.2.3 apn').data).toEqual(['pass', 'Up, IP 10.1.2.3']);
  });

  it('names each GPS antenna fault', () => {
    expect(results('GPS:Antenna Short').gps).toEqual([
      'warn',
      'Antenna short: the cable is probably crushed',
    ]);
    expect(results('GPS:Antenna Open').gps).toEqual(['warn', 'Antenna open: the cable is cut or unplugged']);
    expect(results('GPS:Antenna Off').gps).toEqual(['warn', 'The GPS receiver is off']);
    expect(results('GPS:Inv 0').gps).toEqual(['warn', 'No current fix (Inv 0)']);
  });

  it('judges a 24 V vehicle by 24 V levels and reads volts as well as millivolts', () => {
    expect(results('INP:00000001 27400').power).toEqual(['pass', '27.4 V, ignition on']);
    expect(results('INP:00000001 21.9').power).toEqual([
      'warn',
      'Low: 21.9 V, ignition on; check the power and ground wiring',
    ]);
    expect(results('INP:00000001 12.6V').power).toEqual(['pass', '12.6 V, ignition on']);
    expect(results('INP:1110').power).toEqual(['warn', 'Not in the report']);
  });

  it('marks missing lines without failing, in any order', () => {
    const reply = 'INP:00000001 12000\nGPS:3D 7';
    expect(parseR0Report(reply).unit).toBeNull();
    expect(results(reply)).toEqual({
      signal: ['warn', 'Not in the report'],
      data: ['warn', 'Not in the report'],
      server: ['warn', 'Not in the report'],
      gps: ['pass', '3D fix, 7 satellites'],
      power: ['pass', '12.0 V, ignition on'],
    });
    expect(parseR0Report('').checks.every((c) => c.result === 'warn')).toBe(true);
  });
});
