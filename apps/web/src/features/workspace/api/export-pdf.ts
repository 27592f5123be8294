import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ExportResponseSchema,
  type ExportResponse,
  type ConfigTest,
} from '@toolkit/contracts/config-tests.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { logsQueryOptions } from '../../records/index.ts';

export type ExportTarget = Pick<ConfigTest, 'vehicleId'> & { testId: number };

export async function exportPdf(input: ExportTarget): Promise<ExportResponse> {
  const res = await apiRequest('POST', '/api/export/pdf', input);
  return ExportResponseSchema.parse(await res.json());
}

/** Makes the PDF report of a test; the answer carries its download link. */
export function useExportPdf(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportPdf,
    onSettled: () => queryClient.invalidateQueries({ queryKey: logsQueryOptions(vehicleId).queryKey }),
  });
}
