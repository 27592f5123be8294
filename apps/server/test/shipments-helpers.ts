import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { luhnValid, type ShipmentPreview } from '@toolkit/contracts/shipments.ts';
import { queryRows } from '../src/db/query.ts';
import { bearer, type TestContext } from './helpers.ts';

/** What the shipment tests share: valid codes, packing-list lines, the upload. */

export const HEADER = 'serial,device_type,imei,iccid,phone,model,box';

/** The digits with the Luhn check digit appended. */
export function withCheckDigit(body: string): string {
  for (let d = 0; d < 10; d += 1) if (luhnValid(`${body}${String(d)}`)) return `${body}${String(d)}`;
  throw new Error(`no check digit for ${body}`);
}
/** A valid IMEI (15 digits, Luhn) and ICCID (19 digits starting with 89, Luhn), the n-th of each. */
export const imei = (n: number) => withCheckDigit(`35630704${String(n).padStart(6, '0')}`);
export const iccid = (n: number) => withCheckDigit(`8914800000${String(n).padStart(8, '0')}`);

/** A packing-list line: serial, type, IMEI, ICCID, phone, model, box. */
export const line = (serial: string, type = 'GPS', i = '', c = '', phone = '', model = '', box = '') =>
  [serial, type, i, c, phone, model, box].join(',');
/** `n` valid lines of GPS units with serials `<prefix>-1`, `<prefix>-2`, … and no codes. */
export const filler = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => line(`${prefix}-${String(i + 1)}`));
/** A file of the header and these lines. */
export const file = (lines: readonly string[], header = HEADER) => [header, ...lines].join('\n') + '\n';

export interface UploadOptions {
  dryRun?: boolean;
  token: string;
  clientId: number;
  reference?: string;
  campaignId?: number;
  contentType?: string;
}

export function upload(ctx: TestContext, body: string | Buffer | Readable, o: UploadOptions) {
  const query = new URLSearchParams({ clientId: String(o.clientId), reference: o.reference ?? 'PO-1000' });
  if (o.campaignId !== undefined) query.set('campaignId', String(o.campaignId));
  if (o.dryRun !== false) query.set('dryRun', '1');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/shipments/import?${query.toString()}`,
    headers: { ...bearer(o.token), 'content-type': o.contentType ?? 'text/csv; charset=utf-8' },
    payload: body,
  });
}

/** Uploads and answers the preview, which must be a 200. */
export async function preview(
  ctx: TestContext,
  body: string | Buffer,
  o: UploadOptions,
): Promise<ShipmentPreview> {
  const res = await upload(ctx, body, o);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShipmentPreview>();
}

/** How many units the agency has. */
export async function unitCount(ctx: TestContext, clientId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.deps.db,
    sql`select count(*)::int as n from shipment_units where client_id = ${clientId}`,
  );
  return Number(row?.n ?? 0);
}

export async function clientIdOf(ctx: TestContext, externalId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.deps.db,
    sql`select id from clients where external_id = ${externalId}`,
  );
  if (!row) throw new Error(`no client ${externalId}`);
  return Number(row.id);
}
