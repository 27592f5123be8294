/**
 * The campaign paths and query keys of the design's API table, for the installer's screens and the
 * board alike. Every path under `/api/campaigns/{id}` and `/api/campaign-buses/{busId}` is built
 * here, so each is spelled in one module; every campaign query and write takes its key from here.
 */
export const CAMPAIGNS_URL = '/api/campaigns';
export const CAMPAIGN_BUSES_URL = '/api/campaign-buses';

export const campaignUrl = (campaignId: number) => `${CAMPAIGNS_URL}/${String(campaignId)}`;
export const campaignBusUrl = (busId: number) => `${CAMPAIGN_BUSES_URL}/${String(busId)}`;

/** The campaign and everything under it: a write to it refreshes this prefix. */
export const campaignKey = (campaignId: number) => [CAMPAIGNS_URL, campaignId] as const;
export const campaignBusKey = (busId: number) => [CAMPAIGN_BUSES_URL, busId] as const;
