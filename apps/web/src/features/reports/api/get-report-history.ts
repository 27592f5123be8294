import { queryOptions, useQuery } from '@tanstack/react-query';
import { GeneratedReportListSchema } from '@toolkit/contracts/reports.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** GET /api/reports/history/client/{clientId}: the agency's generated reports, newest first. */
export function reportHistoryQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['/api/reports/history/client', clientId],
    queryFn: jsonQuery(GeneratedReportListSchema),
  });
}

export function useReportHistory(clientId: number) {
  return useQuery(reportHistoryQueryOptions(clientId));
}
