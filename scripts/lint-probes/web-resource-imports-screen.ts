// probe: apps/web/src/features/clients/api/probe.ts
// expect: import-x/no-restricted-paths
// A resource feature importing a screen feature.
import { useCreateSupportRequest } from '../../support/api/create-support-request.ts';

export const probe = useCreateSupportRequest;
