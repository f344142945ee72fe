import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app'
import { parseEnv, type Env } from '../src/env'

/**
 * The real server on a random port with its own data folder and its own database: PGlite by
 * default, or a fresh database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export interface TestServer {
  app: FastifyInstance
  env: Env
  url: string
  pgDb: { url: string; drop(): Promise<void> } | null
  close(opts?: { keepData?: boolean }): Promise<void>
}

async function createPgDatabase(adminUrl: string) {
  const name = `storyreel_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export async function startTestServer(
  opts: {
    worker?: boolean
    env?: Record<string, string>
    /** Start on the data (folder and database) of a server that was stopped with keepData. */
    restartOf?: TestServer
  } = {},
): Promise<TestServer> {
  const dataDir =
    opts.restartOf?.env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'storyreel-test-')))
  const adminUrl = process.env.TEST_DATABASE_URL
  const pgDb = opts.restartOf
    ? opts.restartOf.pgDb
    : adminUrl
      ? await createPgDatabase(adminUrl)
      : null
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  })
  const app = await buildApp(env, { worker: opts.worker ?? false })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    app,
    env,
    url: address,
    pgDb,
    async close(closeOpts = {}) {
      // Every test is done: a connection a client left open (a keep-alive socket mid-stream)
      // must not hold the shutdown, as Fastify's close waits for busy ones.
      app.server.closeAllConnections()
      await app.close()
      if (closeOpts.keepData) return
      await pgDb?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The newest sign-in code mailed to this address, read from the outbox like a user would. */
export async function codeFromOutbox(env: Env, email: string): Promise<string> {
  const dir = path.join(env.DATA_DIR, 'outbox')
  const files = (await readdir(dir)).filter((f) => f.endsWith('.txt')).sort()
  for (const file of files.reverse()) {
    const text = await readFile(path.join(dir, file), 'utf8')
    if (text.includes(`To: ${email}\n`)) return /\b(\d{6})\b/.exec(text)![1]!
  }
  throw new Error(`no mail to ${email}`)
}
