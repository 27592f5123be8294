import { SupportScreen } from '../../features/support/index.ts';

export function Component() {
  return <SupportScreen />;
}
