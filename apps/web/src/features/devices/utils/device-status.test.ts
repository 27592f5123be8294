import { describe, expect, it } from 'vitest';
import { batteryLevel, deviceStatusView, isLowBattery } from './device-status.ts';

describe('deviceStatusView', () => {
  it('shows warning yellow, error and offline red, online grey', () => {
    expect(deviceStatusView({ type: 'GPS', status: 'warning' })).toEqual({
      label: 'Warning',
      tone: 'warning',
      reporting: true,
    });
    expect(deviceStatusView({ type: 'Tablet', status: 'error' })).toEqual({
      label: 'Error',
      tone: 'destructive',
      reporting: true,
    });
    expect(deviceStatusView({ type: 'Router', status: 'offline' })).toEqual({
      label: 'Offline',
      tone: 'destructive',
      reporting: true,
    });
    expect(deviceStatusView({ type: 'APC', status: 'online' })).toEqual({
      label: 'Online',
      tone: 'neutral',
      reporting: true,
    });
  });

  it('shows type Other as non-reporting and never offline', () => {
    for (const status of ['online', 'offline', 'warning', 'error'] as const) {
      const view = deviceStatusView({ type: 'Other', status });
      expect(view).toEqual({ label: 'Non-reporting', tone: 'neutral', reporting: false });
    }
  });
});

describe('battery', () => {
  it('reads metadata.battery, else batteryLevel', () => {
    expect(batteryLevel({ metadata: { battery: 55 } })).toBe(55);
    expect(batteryLevel({ metadata: { batteryLevel: 12 } })).toBe(12);
    expect(batteryLevel({ metadata: { batteryLevel: 'low' } })).toBeNull();
    expect(batteryLevel({ metadata: {} })).toBeNull();
  });

  it('highlights under 30 percent only', () => {
    expect(isLowBattery(29)).toBe(true);
    expect(isLowBattery(30)).toBe(false);
    expect(isLowBattery(null)).toBe(false);
  });
});
