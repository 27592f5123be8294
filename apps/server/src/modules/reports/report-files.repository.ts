import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { generatedReportChunks, generatedReports } from '../../db/schema/tables.ts';

/** The most a chunk row holds; generating or serving a report holds about one chunk in memory. */
export const REPORT_CHUNK_BYTES = 256 * 1024;

export type ReportMeta = Pick<
  typeof generatedReports.$inferInsert,
  'clientId' | 'userId' | 'kind' | 'format' | 'title' | 'filename'
>;

/**
 * Stores a report as `produce` writes it, in chunks of REPORT_CHUNK_BYTES, in one transaction:
 * the history never shows a half-written report. `produce` reads through the transaction it is
 * given (on PGlite, the only connection).
 */
export async function storeReport(
  db: Db,
  meta: ReportMeta,
  produce: (tx: Db) => AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(generatedReports)
      .values({ ...meta, body: null, sizeBytes: 0 })
      .returning({ id: generatedReports.id });
    if (!row) throw new Error('report insert returned nothing');
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await tx.insert(generatedReportChunks).values({ reportId: row.id, seq: seq++, bytes });
    };
    for await (const piece of produce(tx)) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      pending.push(bytes);
      pendingBytes += bytes.length;
      size += bytes.length;
      if (pendingBytes >= REPORT_CHUNK_BYTES) await flush();
    }
    await flush();
    await tx.update(generatedReports).set({ sizeBytes: size }).where(eq(generatedReports.id, row.id));
    return row.id;
  });
}

/** What a download needs to know before the file itself. */
export async function findReportFile(db: Db, id: number) {
  const [row] = await db
    .select({
      clientId: generatedReports.clientId,
      format: generatedReports.format,
      filename: generatedReports.filename,
      body: generatedReports.body,
      sizeBytes: generatedReports.sizeBytes,
    })
    .from(generatedReports)
    .where(eq(generatedReports.id, id))
    .limit(1);
  return row ?? null;
}

/** A stored report's chunks in order, read one at a time. */
export async function* readReportChunks(db: Db, reportId: number): AsyncGenerator<Buffer> {
  let after = -1;
  for (;;) {
    const [chunk] = await db
      .select({ seq: generatedReportChunks.seq, bytes: generatedReportChunks.bytes })
      .from(generatedReportChunks)
      .where(and(eq(generatedReportChunks.reportId, reportId), gt(generatedReportChunks.seq, after)))
      .orderBy(asc(generatedReportChunks.seq))
      .limit(1);
    if (!chunk) return;
    after = chunk.seq;
    yield Buffer.from(chunk.bytes);
  }
}
