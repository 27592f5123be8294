import type { Device } from '@toolkit/contracts/devices.ts';

type ApcUnit = 'front' | 'rear';

/** §7: rear when the system or device name contains rear or aps2; front when aps1 or front. */
export function apcUnit(device: Pick<Device, 'deviceSystem' | 'name'>): ApcUnit {
  const text = `${device.deviceSystem ?? ''} ${device.name ?? ''}`.toLowerCase();
  if (text.includes('rear') || text.includes('aps2')) return 'rear';
  return 'front';
}

/** The unit's local page, http://{ip}; null when the device has no address. */
export function localPageUrl(ipAddress: string | null): string | null {
  const ip = ipAddress?.trim();
  return ip ? `http://${ip}` : null;
}

/**
 * Opens the page in a new tab. Returns false when the browser blocked the pop-up (window.open
 * answered null), so the screen can show the address to copy instead.
 */
export function openLocalPage(url: string): boolean {
  const win = window.open(url, '_blank');
  if (!win) return false;
  win.opener = null;
  return true;
}
