import { eq } from 'drizzle-orm';
import { VinDecodeResultSchema, type VinDecodeResult } from '@toolkit/contracts/vin.ts';
import type { Db } from '../../db/client.ts';
import { vinDecodes } from '../../db/schema/tables.ts';
import type { VinCache } from '../../providers/vin/vin-decoder.ts';

/** Answers of the public VIN service kept in the database: a VIN's decode never changes. */
export class DbVinCache implements VinCache {
  constructor(private readonly db: Db) {}

  async get(vin: string): Promise<VinDecodeResult | null> {
    const [row] = await this.db
      .select({ result: vinDecodes.result })
      .from(vinDecodes)
      .where(eq(vinDecodes.vin, vin))
      .limit(1);
    if (!row) return null;
    const parsed = VinDecodeResultSchema.safeParse(row.result);
    return parsed.success ? parsed.data : null;
  }

  async set(vin: string, result: VinDecodeResult): Promise<void> {
    await this.db
      .insert(vinDecodes)
      .values({ vin, result })
      .onConflictDoUpdate({ target: vinDecodes.vin, set: { result, createdAt: new Date() } });
  }
}
