import { z } from 'zod';

/** The three report cards of the Reports screen (§2). */
export const REPORT_KINDS = ['installation', 'device-status', 'daily-activity'] as const;
export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const InstallationReportInputSchema = z.object({ vehicleId: z.number().int().positive() });
export const DeviceStatusReportInputSchema = z.object({
  clientId: z.number().int().positive(),
  format: z.enum(REPORT_FORMATS, 'Choose CSV or PDF'),
});
export const DailyActivityReportInputSchema = z.object({
  clientId: z.number().int().positive(),
  /** The installer's day, YYYY-MM-DD (UTC). */
  date: z.iso.date('Choose a day'),
});

/** A generated report as the history lists it; `fileUrl` serves the file (Bearer token). */
export const GeneratedReportSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  title: z.string(),
  filename: z.string(),
  sizeBytes: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  fileUrl: z.string(),
});
export type GeneratedReport = z.infer<typeof GeneratedReportSchema>;
export const GeneratedReportListSchema = z.array(GeneratedReportSchema);
