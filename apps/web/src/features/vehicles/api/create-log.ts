import type { CreateLogInput } from '@toolkit/contracts/logs.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/logs: one entry in the installation log (§7). */
export async function createLog(entry: CreateLogInput, idempotencyKey: string): Promise<void> {
  await apiRequest('POST', '/api/logs', entry, idempotencyKey);
}
