// probe: packages/contracts/src/probe.ts
// expect: import-x/no-restricted-paths
// The contracts importing an app.
import { cn } from '../../../apps/web/src/lib/cn.ts';

export const probe = cn;
