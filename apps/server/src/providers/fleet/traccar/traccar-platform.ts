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

/** How the Traccar provider is set up (config.ts builds it from TRACCAR_URL and TRACCAR_TOKEN). */
export interface TraccarProviderOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  log: TraccarLog;
  /** How long one read of the server-wide lists serves other calls (default 1 s). */
  listTtlMs?: number;
  /** While the socket is down, agencies are polled this often (default 5 s). */
  pollMs?: number;
  fetch?: typeof fetch;
}
