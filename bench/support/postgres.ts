import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server the benches use when it answers: BENCH_DATABASE_URL, else the local one. */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function withAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL })
  await admin.connect()
  try {
    return await run(admin)
  } finally {
    await admin.end()
  }
}

export async function postgresReachable(): Promise<boolean> {
  return withAdmin(async () => true).catch(() => false)
}

/** A fresh database for one bench run; `drop()` removes it. */
export async function tempDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `storyreel_bench_${randomBytes(6).toString('hex')}`
  await withAdmin((c) => c.query(`create database ${name}`))
  const url = new URL(BENCH_DATABASE_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  }
}
