import { ReportsScreen } from '../../features/reports/index.ts';

export function Component() {
  return <ReportsScreen />;
}
