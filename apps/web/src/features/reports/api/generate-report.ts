import { useMutation } from '@tanstack/react-query';
import {
  GeneratedReportSchema,
  type GeneratedReport,
  type ReportFormat,
} from '@toolkit/contracts/reports.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { reportHistoryQueryOptions } from './get-report-history.ts';

export type ReportRequest =
  | { kind: 'installation'; vehicleId: number }
  | { kind: 'device-status'; clientId: number; format: ReportFormat }
  | { kind: 'daily-activity'; clientId: number; date: string };

/** POST /api/reports/{kind}: the server makes the report and keeps it in the agency's history. */
export async function generateReport({ kind, ...body }: ReportRequest): Promise<GeneratedReport> {
  const res = await apiRequest('POST', `/api/reports/${kind}`, body);
  return GeneratedReportSchema.parse(await res.json());
}

export function useGenerateReport(clientId: number) {
  return useMutation({
    mutationFn: generateReport,
    // Online only (the report is made now); the history refreshes through the one refresh path.
    onSuccess: () => refreshKeys([reportHistoryQueryOptions(clientId).queryKey]),
  });
}
