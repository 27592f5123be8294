// probe: apps/web/src/features/vehicles/components/probe.tsx
// expect: import-x/no-restricted-paths
// A resource feature importing another feature, even through its index.
import { useDevices } from '../../devices/index.ts';

export const probe = useDevices;
