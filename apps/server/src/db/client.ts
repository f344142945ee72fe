import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** What pg-boss needs to run its SQL through our connection (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

export interface Database {
  db: Db
  sql: SqlExecutor
  /** 'pglite' for the embedded default, 'postgres' with DATABASE_URL. */
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/**
 * Opens the database and applies the migrations: PostgreSQL when a URL is given, otherwise
 * PGlite (Postgres in-process) under dataDir, so a plain `npm start` needs no server.
 */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // An idle connection the server ends (a restart, a dropped database) is replaced on the next
    // query; without a listener its error would crash the process.
    pool.on('error', (err) => console.warn('database connection lost:', err.message))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await migratePg(drizzlePg(pool), { migrationsFolder })
    return {
      db,
      kind: 'postgres',
      sql: { executeSql: (text, values) => pool.query(text, values) },
      close: () => pool.end(),
    }
  }
  const dir = path.join(opts.dataDir, 'pglite')
  await mkdir(dir, { recursive: true })
  const client = await PGlite.create(dir)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(drizzlePglite(client), { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    sql: {
      // PGlite's query() takes one statement; pg-boss sends its migrations as several
      // statements without parameters, which only exec() runs.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values)
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      },
    },
    close: () => client.close(),
  }
}
