import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/test-server'
import { JOB_COLUMNS_USED, QUEUE_SCHEMA } from './pg-boss-tables'

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
