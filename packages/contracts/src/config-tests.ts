import { z } from 'zod';
import { idParam, idSchema, rawText } from './primitives.ts';

export const TEST_RESULTS = ['pass', 'warning', 'fail', 'pending'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];
const TestResultSchema = z.enum(TEST_RESULTS);

export const CONFIG_TEST_NAMES = [
  'gpsTest',
  'connectivityTest',
  'headsignTest',
  'clockSyncTest',
  'audioTest',
] as const;
export type ConfigTestName = (typeof CONFIG_TEST_NAMES)[number];

const ConfigTestDetailSchema = z.object({
  result: TestResultSchema,
  detail: z.string(),
});

export const ConfigTestSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  userId: z.number().int(),
  gpsTest: TestResultSchema,
  connectivityTest: TestResultSchema,
  headsignTest: TestResultSchema,
  clockSyncTest: TestResultSchema,
  audioTest: TestResultSchema,
  results: z.record(z.enum(CONFIG_TEST_NAMES), ConfigTestDetailSchema),
  createdAt: z.string(),
});
export type ConfigTest = z.infer<typeof ConfigTestSchema>;
export const ConfigTestListSchema = z.array(ConfigTestSchema);

export const RunConfigTestInputSchema = z.object({ vehicleId: idSchema() });

export const ExportPdfInputSchema = z.object({
  vehicleId: idSchema(),
  testId: idSchema(),
});
export const ExportEmailInputSchema = ExportPdfInputSchema.extend({
  email: z.email('Please enter a valid e-mail address').max(254),
});
/** `GET /api/reports/{id}/pdf?key=`: the key of the link is the credential. */
export const ReportParamsSchema = z.object({ id: idParam() });
export const ReportQuerySchema = z.object({ key: rawText().min(16).max(128) });

export const ExportResponseSchema = z.object({
  message: z.string(),
  reportId: z.number().int(),
  downloadUrl: z.string(),
});
export type ExportResponse = z.infer<typeof ExportResponseSchema>;

export const CONFIG_TEST_MESSAGES = {
  testFailed: 'Test failed',
  exportFailed: 'Export failed',
  emailFailed: 'Email failed',
} as const;
