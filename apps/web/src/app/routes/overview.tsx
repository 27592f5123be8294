import { OverviewScreen } from '../../features/overview/components/overview-screen.tsx';

export function Component() {
  return <OverviewScreen />;
}
