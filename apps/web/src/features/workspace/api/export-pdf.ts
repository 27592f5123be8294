import { useMutation } from '@tanstack/react-query';
import {
  ExportResponseSchema,
  type ExportResponse,
  type ConfigTest,
} from '@toolkit/contracts/config-tests.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { logsQueryOptions } from '../../records/index.ts';

export type ExportTarget = Pick<ConfigTest, 'vehicleId'> & { testId: number };

export async function exportPdf(input: ExportTarget): Promise<ExportResponse> {
  const res = await apiRequest('POST', '/api/export/pdf', input);
  return ExportResponseSchema.parse(await res.json());
}

/** Makes the PDF report of a test; the answer carries its download link. */
export function useExportPdf(vehicleId: number) {
  return useMutation({
    mutationFn: exportPdf,
    // Online only (it answers the link now); its log entry refreshes through the one refresh path.
    onSettled: () => refreshKeys([logsQueryOptions(vehicleId).queryKey]),
  });
}
