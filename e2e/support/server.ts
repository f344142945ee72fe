import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { copyPglite } from '../../apps/server/test/database-template'
import { REPO_ROOT, SERVER_ENTRY, WEB_DIST } from './paths'

/**
 * A port nothing listens on now, for a server that must know its address before it starts: with
 * Google sign-in, PUBLIC_URL names it.
 */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export interface TestServer {
  url: string
  dataDir: string
  stop: () => Promise<void>
}

/**
 * Starts the real server (embedded database, in-process worker) on a free port and a fresh
 * DATA_DIR, its database a copy of the run's template (./database-template.ts); `env` adds settings (fake stock providers, a fake OpenAI). `prepare` runs on the
 * fresh DATA_DIR before the server starts: the embedded database belongs to one process, so data
 * a journey needs beforehand (a PRO account) is written then.
 */
export async function startServer(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-e2e-'))
  const template = inject('databaseTemplate')
  if (template.kind === 'pglite') await copyPglite(template, dataDir)
  await prepare?.(dataDir)
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })

  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1].replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })

  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
