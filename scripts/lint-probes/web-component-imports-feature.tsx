// probe: apps/web/src/components/capture/probe.tsx
// expect: import-x/no-restricted-paths
// A shared component importing a feature.
import { useCreatePhoto } from '../../features/records/api/create-photo.ts';

export const probe = useCreatePhoto;
