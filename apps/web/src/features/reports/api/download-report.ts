import type { GeneratedReport } from '@toolkit/contracts/reports.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET a report's file with the Bearer header and hand it to the browser as a download (a plain
 * link could not carry the token). The object URL is released once the download has started.
 */
export async function downloadReport(report: Pick<GeneratedReport, 'fileUrl' | 'filename'>): Promise<void> {
  const blob = await (await apiRequest('GET', report.fileUrl)).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = report.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
