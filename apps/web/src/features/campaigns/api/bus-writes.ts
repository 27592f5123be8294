import { BusChangeSchema, type BusChange } from '@toolkit/contracts/campaigns.ts';
import { CAMPAIGN_BUSES_URL } from './campaign-urls.ts';
import { campaignBusQueryKey } from './get-campaign-bus.ts';
import { campaignsQueryKey } from './get-campaigns.ts';
import { campaignBusesKey } from './get-my-buses.ts';

/** The bus an installer's write is about, as the screens know it. */
export interface BusRef {
  busId: number;
  campaignId: number;
  clientId: number;
  fleetNumber: string;
}

/** What any write about a bus changes: its detail, its campaign's bus lists, the agency's counts. */
export const busWriteKeys = (bus: BusRef) => [
  campaignBusQueryKey(bus.busId),
  campaignBusesKey(bus.campaignId),
  campaignsQueryKey(bus.clientId),
];

/** Whether a kept bus write is about a bus of this campaign (it refreshes the campaign's bus lists). */
export const isAboutCampaign = (
  entry: { invalidate: readonly (readonly unknown[])[] },
  campaignId: number,
) => {
  const [root, id, part] = campaignBusesKey(campaignId);
  return entry.invalidate.some((key) => key[0] === root && key[1] === id && key[2] === part);
};

/** `/api/campaign-buses/{busId}/{action}`. */
export const busActionUrl = (busId: number, action: string) =>
  `${CAMPAIGN_BUSES_URL}/${String(busId)}/${action}`;

/** The phone's time of the write, ISO 8601: the server records it beside its own (queued writes). */
export const occurredNow = () => new Date().toISOString();

/** The kept write of one bus: its url, subject and the keys it refreshes, as every bus write has them. */
export const busWrite = (bus: BusRef, action: string) => ({
  url: busActionUrl(bus.busId, action),
  subject: bus.busId,
  invalidate: busWriteKeys(bus),
});

/**
 * A bus write's answer: the bus as it is now and what the server has to say ("… back in progress
 * …"); null when it does not read as one (the write was taken all the same).
 */
export const parseBusChange = (answer: unknown): BusChange | null => {
  const parsed = BusChangeSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
};
