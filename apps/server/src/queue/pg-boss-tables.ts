import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'

/**
 * Every query of ours on pg-boss's own tables: pg-boss 10 has no job heartbeat, progress or
 * queue statistics by user, so these read and write its `job` table directly. Its schema is
 * pg-boss's private business and may change with its version; pg-boss-tables.test.ts checks
 * that the columns and states used here are still there.
 */

/** The schema pg-boss keeps its jobs in. */
export const QUEUE_SCHEMA = 'pgboss'

const jobTable = sql`${sql.identifier(QUEUE_SCHEMA)}.job`

/** The columns of pg-boss's job table read or written here. */
export const JOB_COLUMNS_USED = [
  'id',
  'name',
  'state',
  'priority',
  'data',
  'output',
  'start_after',
  'created_on',
] as const

const inQueues = (queues: string[]) =>
  sql`(${sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  )})`

/**
 * Writes a running job's output: how a range's worker shows it is alive and how far it got,
 * where its coordinator reads it with the job. False when the job is no longer active: failed
 * by its coordinator, or cancelled.
 */
export async function writeActiveJobOutput(
  db: Db,
  queue: string,
  jobId: string,
  output: Record<string, unknown>,
): Promise<boolean> {
  const result = (await db.execute(
    sql`update ${jobTable} set output = ${JSON.stringify(output)}::jsonb
      where name = ${queue} and id = ${jobId}::uuid and state = 'active' returning id`,
  )) as unknown as { rows: unknown[] }
  return result.rows.length > 0
}

/**
 * The rounds of the renders that wait or run on `queues` (../fair-order.ts): the lowest, and this
 * user's latest; null where there is none. A job's priority is minus its round.
 */
export async function queueRounds(
  db: Db,
  queues: string[],
  userId: string,
): Promise<{ lowest: number | null; usersLast: number | null }> {
  const result = (await db.execute(sql`
    select min(-j.priority) as lowest,
      max(-j.priority) filter (where t.user_id = ${userId}) as users_last
    from ${jobTable} j join ${tasks} t on t.id = (j.data->>'taskId')::uuid
    where j.name in ${inQueues(queues)} and j.state in ('created', 'retry', 'active')`)) as unknown as {
    rows: { lowest: number | null; users_last: number | null }[]
  }
  const row = result.rows[0]
  return { lowest: row?.lowest ?? null, usersLast: row?.users_last ?? null }
}

/**
 * The queue, of `queues`, whose job pg-boss would hand out next if they were one queue: the
 * highest priority, the oldest within one, among the jobs waiting and due (pg-boss's own order
 * within a queue); null when none waits. A slot that takes from several queues fetches from this
 * one, so that users keep their turns across the queues.
 */
export async function nextJobQueue(db: Db, queues: string[]): Promise<string | null> {
  const result = (await db.execute(sql`
    select name from ${jobTable}
    where name in ${inQueues(queues)} and state in ('created', 'retry') and start_after < now()
    order by priority desc, created_on, id
    limit 1`)) as unknown as { rows: { name: string }[] }
  return result.rows[0]?.name ?? null
}
