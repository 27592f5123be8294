import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CampaignIdParamSchema,
  CsvImportQuerySchema,
  CsvPreviewSchema,
  CSV_MAX_BYTES,
} from '@toolkit/contracts/campaigns.ts';
import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import { requireSupervisor, requireUser, type AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Api } from '../../lib/types.ts';
import { CampaignExportService } from './campaign-export.service.ts';
import { visibleCampaign } from './campaign-bus-view.ts';
import { CampaignImportService, csvTooLarge } from './campaign-import.service.ts';

/**
 * The campaign's files: the bus-list import (`text/csv` body, preview with `dryRun=1`) and the
 * acceptance export. The CSV body parser lives in this plugin only, with its own 5 MB limit.
 */

/**
 * An uploaded CSV body. Its bytes are a private field: the idempotency plugin hashes a body's own
 * enumerable fields, which here are the file's SHA-256 and size, not five million numbers.
 */
export class CsvUpload {
  readonly sha256: string;
  readonly size: number;
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
    this.size = bytes.length;
    this.sha256 = createHash('sha256').update(bytes).digest('hex');
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * Reads the body up to the limit; a larger one is refused at once with the design's message (the
 * rest of it is drained, not read, so the answer still reaches the client), as Fastify's own
 * parsers do.
 */
export function readCsvBody(request: FastifyRequest, payload: Readable): Promise<CsvUpload> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > CSV_MAX_BYTES) {
      reject(csvTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    function onData(chunk: Buffer | string) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > CSV_MAX_BYTES) {
        stop();
        reject(csvTooLarge());
        return;
      }
      chunks.push(buffer);
    }
    function onEnd() {
      stop();
      resolve(new CsvUpload(Buffer.concat(chunks, size)));
    }
    function onError() {
      stop();
      reject(new AppError(400, 'UPLOAD_INTERRUPTED', 'The upload was interrupted; send the file again.'));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

export const uploadOf = (body: unknown): CsvUpload => {
  if (body === undefined || body === null) return new CsvUpload(Buffer.alloc(0));
  if (body instanceof CsvUpload) return body;
  throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
};

const errors = { 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export function campaignFileRoutes(app: Api, deps: AppDeps): void {
  const imports = new CampaignImportService(deps.db);
  const exports = new CampaignExportService(deps.db);

  void app.register((instance, _opts, done) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('text/csv', readCsvBody);

    scope.post(
      '/campaigns/:id/buses/import',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Import a bus list (text/csv body; dryRun=1 previews it without writing)',
          params: CampaignIdParamSchema,
          querystring: CsvImportQuerySchema,
          response: { 200: CsvPreviewSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const campaign = await visibleCampaign(deps.db, requireUser(request), request.params.id);
        const user = requireSupervisor(request);
        return imports.importBusList(user, campaign, uploadOf(request.body).bytes, {
          dryRun: request.query.dryRun !== undefined,
          idempotencyKey: request.idempotencyKey,
        });
      },
    );

    scope.get(
      '/campaigns/:id/export.csv',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'The acceptance export (CSV: RFC 4180, CRLF, UTF-8 BOM), one row per bus',
          params: CampaignIdParamSchema,
        },
      },
      async (request, reply) => {
        const campaign = await visibleCampaign(deps.db, requireUser(request), request.params.id);
        const user = requireSupervisor(request);
        const file = await exports.export(user, campaign);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(file.bytes);
      },
    );
    done();
  });
}
