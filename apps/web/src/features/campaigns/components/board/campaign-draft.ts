import {
  CreateCampaignInputSchema,
  type Campaign,
  type CampaignItemKind,
  type CampaignTestKey,
  type CreateCampaignInput,
} from '@toolkit/contracts/campaigns.ts';
import type { DeviceType } from '@toolkit/contracts/devices.ts';
import type { PhotoType } from '@toolkit/contracts/photos.ts';

/** One checklist row of the form, as typed (numbers as text until sent). */
export type ItemDraft = {
  id: number;
  /** The item's key in a campaign being changed (its ticks name it); null for a new item. */
  key: string | null;
  kind: CampaignItemKind;
  label: string;
  deviceType: DeviceType;
  quantity: string;
  testKey: CampaignTestKey;
  warningCounts: boolean;
  photoType: PhotoType;
  minCount: string;
  required: boolean;
};

export type CampaignDraft = { name: string; startsOn: string; dueOn: string; items: ItemDraft[] };

let nextId = 1;
export function newItem(kind: CampaignItemKind = 'fit'): ItemDraft {
  nextId += 1;
  return {
    id: nextId,
    key: null,
    kind,
    label: '',
    deviceType: 'GPS',
    quantity: '1',
    testKey: 'gps',
    warningCounts: false,
    photoType: 'after',
    minCount: '1',
    required: true,
  };
}

/** An item's key from its label: lower-case words joined by _, unique in the checklist. */
function keyOf(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 36) || 'item';
  const start = /^[a-z]/.test(base) ? base : `item_${base}`;
  let key = start;
  for (let n = 2; taken.has(key); n += 1) key = `${start}_${String(n)}`;
  taken.add(key);
  return key;
}

/** A campaign as the form shows it to be changed: each item keeps its key. */
export function draftOf(campaign: Campaign): CampaignDraft {
  return {
    name: campaign.name,
    startsOn: campaign.startsOn ?? '',
    dueOn: campaign.dueOn ?? '',
    items: campaign.items.map((item) => ({
      ...newItem(item.kind),
      key: item.key,
      label: item.label,
      ...(item.deviceType ? { deviceType: item.deviceType } : {}),
      ...(item.quantity !== undefined ? { quantity: String(item.quantity) } : {}),
      ...(item.testKey ? { testKey: item.testKey } : {}),
      warningCounts: item.warningCounts ?? false,
      ...(item.photoType ? { photoType: item.photoType } : {}),
      ...(item.minCount !== undefined ? { minCount: String(item.minCount) } : {}),
      required: item.required,
    })),
  };
}

/** What the form sends: each kind with its own fields only, dates only when given. */
export function toInput(clientId: number, draft: CampaignDraft): CreateCampaignInput {
  // Kept keys first, so a new item never takes one.
  const taken = new Set(draft.items.flatMap((item) => (item.key === null ? [] : [item.key])));
  return {
    clientId,
    name: draft.name.trim(),
    startsOn: draft.startsOn || null,
    dueOn: draft.dueOn || null,
    items: draft.items.map((item) => {
      const base = {
        key: item.key ?? keyOf(item.label, taken),
        label: item.label.trim(),
        kind: item.kind,
        required: item.required,
      };
      if (item.kind === 'fit')
        return { ...base, deviceType: item.deviceType, quantity: Number(item.quantity) };
      if (item.kind === 'test') return { ...base, testKey: item.testKey, warningCounts: item.warningCounts };
      if (item.kind === 'photo')
        return { ...base, photoType: item.photoType, minCount: Number(item.minCount) };
      return base;
    }),
  };
}

/** The first problem of each field ('name', 'dueOn', 'items', 'items.0.label'), in the contract's words. */
export function problemsOf(input: CreateCampaignInput): Map<string, string> {
  const parsed = CreateCampaignInputSchema.safeParse(input);
  const problems = new Map<string, string>();
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const message = path.endsWith('.label') ? 'Give the item a label' : issue.message;
    if (!problems.has(path)) problems.set(path, message);
  }
  return problems;
}
