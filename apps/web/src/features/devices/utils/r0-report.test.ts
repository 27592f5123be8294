import { describe, expect, it } from 'vitest';
import { parseR0Report } from './r0-report.ts';

const HEALTHY = [
  'APP:LMU-3640 LMU 48.1f ESN:4661200001',
  'COM:1 -71dBm [Verizon LTE] APN:vzwinternet IP:10.64.3.8',
  'GPS:Yes 3D 9 SAT 33.97712,-117.40121 HDOP 1.1',
  'INP:IGN ON 11000000 PWR 13.2V BAT 4.1V',
].join('\n');

const results = (reply: string) => Object.fromEntries(parseR0Report(reply).checks.map((c) => [c.id, [c.result, c.detail]]));

describe('parseR0Report', () => {
  it('passes every check of a healthy unit', () => {
    const report = parseR0Report(HEALTHY);
    expect(report.unit).toBe('LMU-3640 LMU 48.1f ESN:4661200001');
    expect(report.checks.map((c) => c.label)).toEqual([
      'Signal strength',
      'Data session',
      'Server acknowledged (IP)',
      'GPS antenna and fix',
      'Input voltage',
    ]);
    expect(results(HEALTHY)).toEqual({
      signal: ['pass', '-71 dBm (Verizon LTE)'],
      data: ['pass', 'Data session up'],
      server: ['pass', 'IP 10.64.3.8'],
      gps: ['pass', '3D fix, 9 satellites'],
      power: ['pass', '13.2 V, ignition on'],
    });
  });

  it('warns on no data session, weak signal, no fix and low voltage', () => {
    const reply = [
      'APP:LMU-4230 LMU 47.3b ESN:4661200002',
      'COM:0 -107dBm [AT&T LTE] APN:vzwinternet IP:10.64.9.9',
      'GPS:No Fix 0 SAT 33.97712,-117.40121 HDOP 1.9',
      'INP:IGN OFF 10000000 PWR 10.9V BAT 4.1V',
    ].join('\r\n');
    expect(results(reply)).toEqual({
      signal: ['warn', 'Weak: -107 dBm (AT&T LTE)'],
      data: ['warn', 'No data session'],
      server: ['warn', 'IP 10.64.9.9, no data session'],
      gps: ['warn', 'No fix: check the GPS antenna, 0 satellites'],
      power: ['warn', 'Low: 10.9 V, ignition off'],
    });
  });

  it('warns on a 2D fix only', () => {
    expect(results('GPS:Yes 2D 3 SAT 1,2 HDOP 3.0').gps).toEqual(['warn', '2D fix only, 3 satellites']);
  });

  it('marks missing lines without failing, in any order', () => {
    const report = parseR0Report('INP:IGN ON PWR 12.0V\nGPS:Yes 3D 7 SAT');
    expect(report.unit).toBeNull();
    expect(results('INP:IGN ON PWR 12.0V\nGPS:Yes 3D 7 SAT')).toEqual({
      signal: ['warn', 'Not in the report'],
      data: ['warn', 'Not in the report'],
      server: ['warn', 'Not in the report'],
      gps: ['pass', '3D fix, 7 satellites'],
      power: ['pass', '12.0 V, ignition on'],
    });
    expect(parseR0Report('').checks.every((c) => c.result === 'warn')).toBe(true);
  });
});
