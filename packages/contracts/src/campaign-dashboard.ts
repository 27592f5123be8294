import { z } from 'zod';
import { USER_ROLES } from './auth.ts';
import { BLOCKER_CODES } from './campaign-constants.ts';

/**
 * The supervisor's dashboard of one campaign in one small answer
 * (`GET /api/campaigns/{id}/summary`), whatever the campaign's size: counts per state, blocked, the
 * share accepted, buses accepted per day for 14 days against the straight line to the due date,
 * and blockers by code, oldest first. And who a supervisor can assign a bus to
 * (`GET /api/campaigns/{id}/assignees`).
 */

/** The dashboard's chart covers this many days, today last. */
export const DASHBOARD_DAYS = 14;

export const DayPointSchema = z.object({
  /** A UTC calendar day, YYYY-MM-DD. */
  day: z.string(),
  /** Buses accepted that day (still accepted now). */
  accepted: z.number().int(),
  /** Buses accepted up to the end of that day (still accepted now). */
  total: z.number().int(),
  /** Where the straight line from the start (0) to the due date (every bus) stands that day; null without a due date. */
  target: z.number().nullable(),
});
export type DayPoint = z.infer<typeof DayPointSchema>;

export const BlockerGroupSchema = z.object({
  code: z.enum(BLOCKER_CODES),
  label: z.string(),
  /** Blocked buses of this code, the longest blocked first. */
  buses: z.array(
    z.object({
      id: z.number().int(),
      fleetNumber: z.string(),
      at: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type BlockerGroup = z.infer<typeof BlockerGroupSchema>;

export const CampaignDashboardSchema = z.object({
  campaignId: z.number().int(),
  total: z.number().int(),
  counts: z.object({
    planned: z.number().int(),
    in_progress: z.number().int(),
    ready_for_review: z.number().int(),
    accepted: z.number().int(),
  }),
  blocked: z.number().int(),
  /** Accepted of all buses, in whole per cent. */
  shareAccepted: z.number().int(),
  dueOn: z.string().nullable(),
  /** The last DASHBOARD_DAYS days, oldest first. */
  acceptedPerDay: z.array(DayPointSchema),
  /** The group blocked longest first. */
  blockers: z.array(BlockerGroupSchema),
  /** When the server counted (ISO 8601). */
  asOf: z.string(),
});
export type CampaignDashboard = z.infer<typeof CampaignDashboardSchema>;

/** A person of the campaign's agency a supervisor can assign buses to. */
export const AssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(USER_ROLES),
});
export type Assignee = z.infer<typeof AssigneeSchema>;
export const AssigneeListSchema = z.array(AssigneeSchema);
