import { WorkspaceScreen } from '../../features/workspace/index.ts';

/** /dashboard: the installer workspace (§2). */
export function Component() {
  return <WorkspaceScreen />;
}
