import { and, desc, eq } from 'drizzle-orm';
import { ConfigTestSchema, type ConfigTest } from '@toolkit/contracts/config-tests.ts';
import type { Db } from '../../db/client.ts';
import { vehicleRecordsChanged } from '../../lib/bus-reads.ts';
import { configTests } from '../../db/schema/tables.ts';
import { insertLog, type NewLogEntry } from '../logs/logs.repository.ts';
import type { Evaluation } from './evaluate.ts';

const ResultsSchema = ConfigTestSchema.shape.results;

function toConfigTest(row: typeof configTests.$inferSelect): ConfigTest {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    userId: row.userId,
    gpsTest: row.gpsTest,
    connectivityTest: row.connectivityTest,
    headsignTest: row.headsignTest,
    clockSyncTest: row.clockSyncTest,
    audioTest: row.audioTest,
    // jsonb written by this server from an Evaluation; parsed here rather than trusted.
    results: ResultsSchema.parse(row.results),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConfigTestsByVehicle(db: Db, vehicleId: number): Promise<ConfigTest[]> {
  const rows = await db
    .select()
    .from(configTests)
    .where(eq(configTests.vehicleId, vehicleId))
    .orderBy(desc(configTests.createdAt), desc(configTests.id));
  return rows.map(toConfigTest);
}

export async function findConfigTest(db: Db, vehicleId: number, testId: number): Promise<ConfigTest | null> {
  const [row] = await db
    .select()
    .from(configTests)
    .where(and(eq(configTests.id, testId), eq(configTests.vehicleId, vehicleId)))
    .limit(1);
  return row ? toConfigTest(row) : null;
}

/** Saves a test run and its log entry in one transaction. */
export async function insertConfigTest(
  db: Db,
  input: { vehicleId: number; userId: number; evaluation: Evaluation; log: NewLogEntry },
): Promise<ConfigTest> {
  const { evaluation } = input;
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(configTests)
      .values({
        vehicleId: input.vehicleId,
        userId: input.userId,
        gpsTest: evaluation.gpsTest.result,
        connectivityTest: evaluation.connectivityTest.result,
        headsignTest: evaluation.headsignTest.result,
        clockSyncTest: evaluation.clockSyncTest.result,
        audioTest: evaluation.audioTest.result,
        results: evaluation,
      })
      .returning();
    if (!row) throw new Error('config test insert returned nothing');
    await insertLog(tx, input.log);
    return toConfigTest(row);
  });
  vehicleRecordsChanged(input.vehicleId);
  return saved;
}
