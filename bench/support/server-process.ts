import { spawn, type ChildProcess } from 'node:child_process'
import { authApi, endpointUrl } from '@storyreel/core'

/** A process the bench started in a process group of its own, with everything it spawns. */
export interface GroupProcess {
  child: ChildProcess
  /** The process group: the server, its render threads' tools, the npm wrappers around it. */
  pgid: number
  /** Lines it wrote, kept for the report when it fails. */
  output: string[]
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; settles once the leader exited. */
  stop(graceMs?: number): Promise<void>
}

export function startGroup(
  command: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string | undefined> },
): GroupProcess {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const keep = (d: Buffer) => {
    output.push(d.toString())
    if (output.length > 200) output.shift()
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // The group is gone already.
    }
  }
  return {
    child,
    pgid: child.pid!,
    output,
    async stop(graceMs = 15_000) {
      signal('SIGTERM')
      const timer = setTimeout(() => signal('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
      // npm may exit before the server it wrapped: whatever is left of the group goes too.
      signal('SIGKILL')
    },
  }
}

/** Waits until the server answers, or fails with what it printed when it exits or is too slow. */
export async function waitForServer(base: string, proc: GroupProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`server exited (${proc.child.exitCode}):\n${proc.output.join('')}`)
    }
    try {
      const res = await fetch(base + endpointUrl(authApi.csrfToken))
      await res.arrayBuffer()
      if (res.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not answer in ${timeoutMs} ms:\n${proc.output.join('')}`)
}

/**
 * The app as `npm start` runs it (embedded database, in-process worker) on a free-ish port with
 * `dataDir` for its data and `env` over its settings, answering: the process and its base URL.
 */
export async function startApp(
  repoRoot: string,
  dataDir: string,
  env: Record<string, string | undefined> = {},
) {
  const port = 3900 + Math.floor(Math.random() * 90)
  const base = `http://127.0.0.1:${port}`
  const server = startGroup('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
  })
  try {
    await waitForServer(base, server)
  } catch (err) {
    await server.stop()
    throw err
  }
  return { server, base }
}
