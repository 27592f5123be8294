import { z } from 'zod';

export const TEST_RESULTS = ['pass', 'warning', 'fail', 'pending'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];
export const TestResultSchema = z.enum(TEST_RESULTS);

export const CONFIG_TEST_NAMES = [
  'gpsTest',
  'connectivityTest',
  'headsignTest',
  'clockSyncTest',
  'audioTest',
] as const;
export type ConfigTestName = (typeof CONFIG_TEST_NAMES)[number];

export const ConfigTestDetailSchema = z.object({
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

export const RunConfigTestInputSchema = z.object({ vehicleId: z.number().int().positive() });

export const ExportPdfInputSchema = z.object({
  vehicleId: z.number().int().positive(),
  testId: z.number().int().positive(),
});
export const ExportEmailInputSchema = ExportPdfInputSchema.extend({
  email: z.email('Please enter a valid e-mail address'),
});
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
