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
