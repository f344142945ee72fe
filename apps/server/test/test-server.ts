import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../src/app'
import { parseEnv, type Env } from '../src/env'
import { copyPglite, createPgDatabase } from './database-template'

/**
 * The real server on a random port with its own data folder and its own database: PGlite by
 * default, or a database of its own on the PostgreSQL server named by TEST_DATABASE_URL; either
 * starts as a copy of the run's template (./database-template.ts).
 */
export interface TestServer {
  app: FastifyInstance
  env: Env
  url: string
  pgDb: { url: string; drop(): Promise<void> } | null
  /** What the server logged, one entry a line: only when started with `logs: true`. */
  logs: Record<string, unknown>[]
  close(opts?: { keepData?: boolean }): Promise<void>
}

export async function startTestServer(
  opts: {
    worker?: boolean
    env?: Record<string, string>
    /** Start on the data (folder and database) of a server that was stopped with keepData. */
    restartOf?: TestServer
    /** Keep the log in `logs`, at LOG_LEVEL info unless `env` says otherwise. */
    logs?: boolean
  } = {},
): Promise<TestServer> {
  const dataDir =
    opts.restartOf?.env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'storyreel-test-')))
  const template = inject('databaseTemplate')
  let pgDb = opts.restartOf?.pgDb ?? null
  if (!opts.restartOf) {
    if (template.kind === 'postgres') pgDb = await createPgDatabase(template)
    else await copyPglite(template, dataDir)
  }
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logs ? 'info' : 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  })
  const logs: Record<string, unknown>[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line) logs.push(JSON.parse(line) as Record<string, unknown>)
      }
      done()
    },
  })
  const app = await buildApp(env, {
    worker: opts.worker ?? false,
    ...(opts.logs && { logStream }),
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    app,
    env,
    url: address,
    pgDb,
    logs,
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
