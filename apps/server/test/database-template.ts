import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { pgliteDir } from '../src/db/client'

/**
 * A new database was most of a test server's start: PGlite's initdb, the migrations and the
 * queue's schema took 18-45 s a server here, against about 2.5 s for a copy. A test run makes one
 * database through the server's own first start before any file runs (the global setups of the
 * server's tests and of e2e), and each server starts on a copy of it: a PGlite folder copied, or
 * a PostgreSQL database created from it as a template. A copy is what a first start leaves.
 */
export type DatabaseTemplate =
  { kind: 'pglite'; dir: string } | { kind: 'postgres'; adminUrl: string; name: string }

/** The global setups provide the template to the test files (vitest's inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate
  }
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function onAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return await run(admin)
  } finally {
    await admin.end()
  }
}

/** Starts and stops the server once on an empty database, as `npm start` would the first time. */
async function firstStart(env: Record<string, string>) {
  // Loaded here, not above: e2e imports this file for copyPglite without the whole server.
  const [{ buildApp }, { parseEnv }] = await Promise.all([
    import('../src/app'),
    import('../src/env'),
  ])
  const app = await buildApp(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }))
  await app.close()
}

export async function createDatabaseTemplate(adminUrl?: string): Promise<DatabaseTemplate> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-template-'))
  if (!adminUrl) {
    await firstStart({ DATA_DIR: dataDir })
    return { kind: 'pglite', dir: dataDir }
  }
  const name = `storyreel_template_${randomBytes(6).toString('hex')}`
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`))
  try {
    await firstStart({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(adminUrl, name) })
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  return { kind: 'postgres', adminUrl, name }
}

const maker = fileURLToPath(new URL('make-database-template.ts', import.meta.url))

/**
 * createDatabaseTemplate in a process of its own: vitest's module runner cannot load the server
 * (import.meta.resolve), and PGlite's initdb keeps its memory until its process ends.
 */
export async function makeDatabaseTemplate(adminUrl?: string): Promise<DatabaseTemplate> {
  const env = { ...process.env, TEST_DATABASE_URL: adminUrl ?? '' }
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', maker], {
    env,
  })
  return JSON.parse(stdout) as DatabaseTemplate
}

export async function dropDatabaseTemplate(template: DatabaseTemplate) {
  if (template.kind === 'pglite') await rm(template.dir, { recursive: true, force: true })
  else
    await onAdmin(template.adminUrl, (admin) =>
      admin.query(`drop database if exists ${template.name} with (force)`),
    )
}

/** A test server's PGlite database, copied into its DATA_DIR. */
export async function copyPglite(template: DatabaseTemplate & { kind: 'pglite' }, dataDir: string) {
  await cp(pgliteDir(template.dir), pgliteDir(dataDir), { recursive: true })
}

/** A test server's own PostgreSQL database, created from the template; dropped after. */
export async function createPgDatabase(template: DatabaseTemplate & { kind: 'postgres' }) {
  const name = `storyreel_test_${randomBytes(6).toString('hex')}`
  // PostgreSQL refuses a copy while another session is connected to the template (55006): the
  // moment another test file's copy takes, at most; tried again after it.
  for (let attempt = 1; ; attempt++) {
    try {
      await onAdmin(template.adminUrl, (admin) =>
        admin.query(`create database ${name} template ${template.name}`),
      )
      break
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt === 20) throw err
      await new Promise((r) => setTimeout(r, 100 * attempt))
    }
  }
  return {
    url: databaseUrl(template.adminUrl, name),
    drop: () =>
      onAdmin(template.adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  }
}
