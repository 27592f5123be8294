// probe: apps/web/src/features/workspace/components/probe.tsx
// expect: import-x/no-restricted-paths
// A screen feature importing another screen feature.
import { InstallationScreen } from '../../installation/index.ts';

export const probe = InstallationScreen;
