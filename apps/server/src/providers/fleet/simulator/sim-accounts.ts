import type { UserRole } from '@toolkit/contracts/auth.ts';

export interface SimAccount {
  externalId: string;
  username: string;
  email: string;
  name: string;
  password: string;
  clientExternalIds: string[];
  /** The account's role in the toolkit (issue 34); absent: installer. */
  role?: UserRole;
}

const DEMO_PASSWORD = 'demo-password';

/**
 * The simulated platform's accounts, all with the demo password: `demo` (an installer of RMT, VVT
 * and the benchmark agencies `extraIds`), `rival`, `newcomer`, and for install campaigns (issue
 * 34) `lead`, a supervisor of RMT and VVT, and `crew2`, an installer of RMT.
 */
export function simAccounts(extraIds: readonly string[]): SimAccount[] {
  return [
    {
      externalId: 'u-1',
      username: 'demo',
      email: 'demo@installer-toolkit.local',
      name: 'Dana Installer',
      password: DEMO_PASSWORD,
      clientExternalIds: ['ag-100', 'ag-200', ...extraIds],
    },
    {
      externalId: 'u-2',
      username: 'rival',
      email: 'rival@installer-toolkit.local',
      name: 'Riley Contractor',
      password: DEMO_PASSWORD,
      clientExternalIds: ['ag-300'],
    },
    {
      externalId: 'u-3',
      username: 'newcomer',
      email: 'newcomer@installer-toolkit.local',
      name: 'Noah Newhire',
      password: DEMO_PASSWORD,
      clientExternalIds: [],
    },
    {
      externalId: 'u-4',
      username: 'lead',
      email: 'lead@installer-toolkit.local',
      name: 'Lee Supervisor',
      password: DEMO_PASSWORD,
      clientExternalIds: ['ag-100', 'ag-200'],
      role: 'supervisor',
    },
    {
      externalId: 'u-5',
      username: 'crew2',
      email: 'crew2@installer-toolkit.local',
      name: 'Casey Crew',
      password: DEMO_PASSWORD,
      clientExternalIds: ['ag-100'],
    },
  ];
}
