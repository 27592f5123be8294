/**
 * The campaigns' root path, alone in its module: the entry asks for a board's first answers under it
 * (app/early-requests.ts) without taking the rest of campaign-urls.ts into its own small file.
 */
export const CAMPAIGNS_URL = '/api/campaigns';
