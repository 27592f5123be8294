import { UploadItemSchema, type UploadItem } from '@toolkit/contracts/navigator-uploads.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { UPLOADS_URL } from './get-upload-items.ts';

/** POST /api/navigator-uploads/{kind}/{id}: sends one item to Navigator (never twice). */
export async function uploadItem(item: Pick<UploadItem, 'kind' | 'id'>): Promise<UploadItem> {
  const res = await apiRequest('POST', `${UPLOADS_URL}/${item.kind}/${String(item.id)}`);
  return UploadItemSchema.parse(await res.json());
}
