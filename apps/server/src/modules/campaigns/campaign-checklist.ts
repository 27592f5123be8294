import type { BusItem, CampaignItem, ItemEvidence, ItemState } from '@toolkit/contracts/campaigns.ts';
import type { CampaignTestKey } from '@toolkit/contracts/campaigns.ts';
import type { DeviceType } from '@toolkit/contracts/devices.ts';
import type { PhotoType } from '@toolkit/contracts/photos.ts';

/**
 * The checklist fills itself (../shared/docs/campaigns.md): each item's state and evidence from
 * what the other modules recorded on the bus after it joined the campaign, read for a whole page
 * of buses in one SQL pass (campaign-buses.repository.ts); this file only combines them.
 */

export interface BusEvidence {
  /** The devices on the bus now. */
  devices: { deviceId: string; type: DeviceType; serial: string | null; imei: string | null }[];
  /** The bus's latest configuration test made after it joined, or null. */
  test: { id: number; at: string; results: Record<CampaignTestKey, string> } | null;
  /** Photos taken after it joined. */
  photos: { id: number; type: PhotoType; at: string }[];
  /** Manual ticks and "not applicable" marks. */
  marks: {
    key: string;
    state: 'done' | 'na';
    note: string | null;
    at: string;
    by: { id: number; name: string };
  }[];
}

function derived(item: CampaignItem, ev: BusEvidence): { state: ItemState; evidence: ItemEvidence } {
  switch (item.kind) {
    case 'fit': {
      const need = item.quantity ?? 1;
      const devices = ev.devices
        .filter((d) => d.type === item.deviceType)
        .map(({ deviceId, serial, imei }) => ({ deviceId, serial, imei }));
      return {
        state: devices.length >= need ? 'done' : 'todo',
        evidence: { devices, count: { have: devices.length, need } },
      };
    }
    case 'test': {
      if (!ev.test || !item.testKey) return { state: 'todo', evidence: {} };
      const result = ev.test.results[item.testKey];
      const evidence = { test: { id: ev.test.id, result, at: ev.test.at } };
      if (result === 'pass' || (result === 'warning' && item.warningCounts === true))
        return { state: 'done', evidence };
      return { state: result === 'fail' ? 'failed' : 'todo', evidence };
    }
    case 'photo': {
      const need = item.minCount ?? 1;
      const photos = ev.photos.filter((p) => p.type === item.photoType).map(({ id, at }) => ({ id, at }));
      return {
        state: photos.length >= need ? 'done' : 'todo',
        evidence: { photos, count: { have: photos.length, need } },
      };
    }
    case 'manual':
      return { state: 'todo', evidence: {} };
  }
}

/** The live checklist of one bus: derived items, then manual ticks and "not applicable" over them. */
export function checklistOf(items: readonly CampaignItem[], ev: BusEvidence): BusItem[] {
  return items.map((item) => {
    const mark = ev.marks.find((m) => m.key === item.key);
    const base = derived(item, ev);
    if (mark && (mark.state === 'na' || item.kind === 'manual')) {
      const tick = { by: mark.by, at: mark.at, note: mark.note };
      return { ...item, state: mark.state, evidence: { ...base.evidence, tick } };
    }
    return { ...item, ...base };
  });
}

/** Required items done or not applicable, of the required ones. */
export function progressOf(items: readonly BusItem[]): { done: number; required: number } {
  const required = items.filter((i) => i.required);
  return {
    done: required.filter((i) => i.state === 'done' || i.state === 'na').length,
    required: required.length,
  };
}

/** Required items neither done nor not applicable, in checklist order. */
export function missingOf(items: readonly BusItem[]): BusItem[] {
  return items.filter((i) => i.required && i.state !== 'done' && i.state !== 'na');
}

/** What a checklist says, for comparison: each item's state and the devices that prove it. */
function signature(items: readonly BusItem[]): string {
  return items
    .map((i) => {
      const devices = (i.evidence.devices ?? []).map((d) => d.deviceId).sort();
      return `${i.key}=${i.state}:${devices.join(',')}`;
    })
    .join('|');
}

/** "Changed after acceptance": the live checklist of an accepted bus differs from the frozen one. */
export function changedSince(frozen: readonly BusItem[] | null, live: readonly BusItem[]): boolean {
  return frozen !== null && signature(frozen) !== signature(live);
}
