import type { TraccarLog } from './traccar-http.ts';
import type { FleetProvider } from '../fleet-provider.ts';

/** What Traccar lacks, each with one line why (issue 26, decision 033). */
export const TRACCAR_PLATFORM = {
  name: 'Traccar',
  capabilities: {
    tabletOperations: {
      available: false,
      reason: 'Traccar has no tablet operations: use the tablet’s own management console.',
    },
    softwareVersions: { available: false, reason: 'Traccar keeps no catalogue of tablet software.' },
    uploads: {
      available: false,
      reason: 'Traccar stores no photos or notes: they stay in the toolkit and its reports.',
    },
    smsReplies: { available: false, reason: 'Traccar captures no SMS replies or delivery receipts.' },
  },
} satisfies FleetProvider['platform'];

export const TRACCAR_MESSAGES = {
  smsNotSetUp: 'SMS is not set up on the fleet platform (Traccar has no SMS gateway configured)',
  smsRefused: 'The fleet platform refused the SMS',
  notAvailable: 'Not available with this fleet platform',
  noDeviceId: 'An IMEI or serial number is required: the fleet platform identifies units by it',
} as const;

/**
 * The 400s of `POST /api/commands/send` over SMS told apart by their trace's first line
 * (`java.lang.RuntimeException: SMS not configured`, CommandsManager): the gateway can go away
 * after the start-up check read `textEnabled`.
 */
export const SMS_REFUSALS = [[/SMS not configured/i, TRACCAR_MESSAGES.smsNotSetUp]] as const;

/** How the Traccar provider is set up (config.ts builds it from TRACCAR_URL and TRACCAR_TOKEN). */
export interface TraccarProviderOptions {
  baseUrl: string;
  /** The shared mirror's token (an administrator's or the service account's), read on every call. */
  token: string | (() => string);
  timeoutMs: number;
  log: TraccarLog;
  /** How long one read of the server-wide lists serves other calls (default 1 s). */
  listTtlMs?: number;
  /** While the socket is down, agencies are polled this often (default 5 s). */
  pollMs?: number;
  /** TRACCAR_AGENCY_PARENT: agencies are this group's direct subgroups (default 0: top-level groups). */
  agencyParent?: number;
  fetch?: typeof fetch;
}
