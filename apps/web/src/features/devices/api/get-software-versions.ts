import { queryOptions, useQuery } from '@tanstack/react-query';
import { SoftwareVersionSchema, type SOFTWARE_TYPES } from '@toolkit/contracts/devices.ts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type SoftwareType = (typeof SOFTWARE_TYPES)[number];

const SoftwareVersionListSchema = z.array(SoftwareVersionSchema);

/** Tablet software of one type: production releases or add-ons. */
export function softwareVersionsQueryOptions(type: SoftwareType) {
  return queryOptions({
    queryKey: ['/api/software/versions', type],
    queryFn: async () => {
      const res = await apiRequest('GET', `/api/software/versions?type=${type}`);
      return SoftwareVersionListSchema.parse(await res.json());
    },
  });
}

export function useSoftwareVersions(type: SoftwareType) {
  return useQuery(softwareVersionsQueryOptions(type));
}
