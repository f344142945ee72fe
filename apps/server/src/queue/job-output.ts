import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** The schema pg-boss keeps its jobs in. */
export const QUEUE_SCHEMA = 'pgboss'

/**
 * Writes a running job's output: how a range's worker shows it is alive and how far it got,
 * where its coordinator reads it with the job (pg-boss 10 has no job heartbeat or progress of
 * its own). False when the job is no longer active: failed by its coordinator, or cancelled.
 */
export async function writeActiveJobOutput(
  db: Db,
  queue: string,
  jobId: string,
  output: Record<string, unknown>,
): Promise<boolean> {
  const result = (await db.execute(
    sql`update ${sql.identifier(QUEUE_SCHEMA)}.job set output = ${JSON.stringify(output)}::jsonb
      where name = ${queue} and id = ${jobId}::uuid and state = 'active' returning id`,
  )) as unknown as { rows: unknown[] }
  return result.rows.length > 0
}
