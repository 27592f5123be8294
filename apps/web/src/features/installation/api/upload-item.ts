import { UploadItemSchema, type UploadItem } from '@toolkit/contracts/navigator-uploads.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/navigator-uploads/{kind}/{id}: sends one item to Navigator (never twice). */
export async function uploadItem(item: Pick<UploadItem, 'kind' | 'id'>): Promise<UploadItem> {
  const res = await apiRequest('POST', `/api/navigator-uploads/${item.kind}/${String(item.id)}`);
  return UploadItemSchema.parse(await res.json());
}
