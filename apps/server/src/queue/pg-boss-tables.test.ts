import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/test-server'
import { JOB_COLUMNS_USED, nextJobQueue, QUEUE_SCHEMA } from './pg-boss-tables'
import { RENDER_QUEUES } from './task-life'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function rowsOf<T>(query: ReturnType<typeof sql>) {
  return ((await server.app.services.db.execute(query)) as unknown as { rows: T[] }).rows
}

// pg-boss's tables are its own: an upgrade that renames or drops what our queries use fails here,
// not in a render.
it("finds the columns and job states our queries use in pg-boss's job table", async () => {
  const columns = await rowsOf<{ column_name: string }>(sql`
    select column_name from information_schema.columns
    where table_schema = ${QUEUE_SCHEMA} and table_name = 'job'`)
  expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining([...JOB_COLUMNS_USED]))
  const states = await rowsOf<{ state: string }>(
    sql`select unnest(enum_range(null::${sql.identifier(QUEUE_SCHEMA)}.job_state))::text as state`,
  )
  expect(states.map((s) => s.state)).toEqual(expect.arrayContaining(['created', 'retry', 'active']))
})

it('names the queue whose job pg-boss would hand out next if the queues were one', async () => {
  const { db, queue: boss } = server.app.services
  const [long, short] = RENDER_QUEUES as [string, string]
  const next = () => nextJobQueue(db, RENDER_QUEUES)
  expect(await next()).toBeNull()
  await boss.send(short, { n: 1 }, { priority: -2 })
  await boss.send(long, { n: 2 }, { priority: -1 })
  // The higher priority first, whatever the queue.
  expect(await next()).toBe(long)
  // The older first within a priority.
  await boss.send(short, { n: 3 }, { priority: -1 })
  expect(await next()).toBe(long)
  // A job not due yet waits.
  await boss.send(short, { n: 4 }, { priority: 0, startAfter: 60 })
  expect(await next()).toBe(long)
  expect(await boss.fetch(long)).toHaveLength(1)
  expect(await next()).toBe(short)
  expect(await nextJobQueue(db, [long])).toBeNull()
})
