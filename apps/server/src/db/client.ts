import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import v8 from 'node:v8'
import type { PGliteOptions } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
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

/** Where the embedded database keeps its files. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite')

/**
 * Postgres's default 128 MB of shared buffers, less: the embedded database serves one server,
 * its pages are read through the OS's file cache anyway, and the buffers were most of the
 * server's idle memory (decision 015).
 */
const PGLITE_SHARED_BUFFERS = '8MB'

function pgliteOptions(defaultStartParams: readonly string[]): PGliteOptions {
  return {
    startParams: [...defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  }
}

/**
 * Creates a new embedded database's files in a child process that then exits: PGlite keeps
 * what its initdb used (about 430 MB) for as long as the process that ran it lives.
 */
async function initPglite(dir: string, options: PGliteOptions) {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return
  const pglite = import.meta.resolve('@electric-sql/pglite')
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)})
const db = await PGlite.create(process.argv[1], JSON.parse(process.argv[2]))
await db.close()`
  await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    code,
    dir,
    JSON.stringify(options),
  ])
}

/**
 * Opens the database and applies the migrations: PostgreSQL when a URL is given, otherwise
 * PGlite (Postgres in-process) under dataDir, so a plain `npm start` needs no server.
 */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
}): Promise<Database> {
  // Each database's client is loaded only when it is the one used.
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ])
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
  // Postgres compiled to WebAssembly: V8's baseline compiler only. Its optimising tier held
  // about 50 MB of code for queries no faster in our measures (decision 015); the flag is read
  // when a module is compiled, which is next.
  v8.setFlagsFromString('--liftoff-only')
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const dir = pgliteDir(opts.dataDir)
  await mkdir(dir, { recursive: true })
  const options = pgliteOptions(PGlite.defaultStartParams)
  await initPglite(dir, options)
  const client = await PGlite.create(dir, options)
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
