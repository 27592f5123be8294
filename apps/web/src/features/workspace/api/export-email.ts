import { useMutation } from '@tanstack/react-query';
import { ExportResponseSchema, type ExportResponse } from '@toolkit/contracts/config-tests.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import type { ExportTarget } from './export-pdf.ts';
import { logsQueryOptions } from '../../records/index.ts';

export async function exportEmail(input: ExportTarget & { email: string }): Promise<ExportResponse> {
  const res = await apiRequest('POST', '/api/export/email', input);
  return ExportResponseSchema.parse(await res.json());
}

/** E-mails the PDF report of a test to an address. */
export function useExportEmail(vehicleId: number) {
  return useMutation({
    mutationFn: exportEmail,
    onSettled: () => refreshKeys([logsQueryOptions(vehicleId).queryKey]),
  });
}
