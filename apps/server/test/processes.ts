import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** Whether an ffmpeg process is writing this task's video (its work folder is in its arguments). */
export function ffmpegRunningFor(taskId: string): boolean {
  try {
    return execFileSync('pgrep', ['-af', 'ffmpeg']).toString().includes(taskId)
  } catch {
    return false // pgrep exits 1 when nothing matches
  }
}

/** A standalone worker (`src/worker.ts`) on the test server's database and files; its log lines. */
export interface WorkerProcess {
  child: ChildProcess
  lines: string[]
  /** The task ids of the log entries with this message. */
  logged(msg: string): string[]
  /** The log entries with this message. */
  entries(msg: string): Record<string, unknown>[]
}

export function startWorkerProcess(
  server: { env: { DATABASE_URL?: string; DATA_DIR: string } },
  env: Record<string, string> = {},
): WorkerProcess {
  const serverDir = fileURLToPath(new URL('..', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: server.env.DATABASE_URL,
      DATA_DIR: server.env.DATA_DIR,
      LOG_LEVEL: 'info',
      INIT_CWD: serverDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let rest = ''
  child.stderr!.on('data', (d: Buffer) => lines.push(d.toString()))
  child.stdout!.on('data', (d: Buffer) => {
    const parts = (rest + d.toString()).split('\n')
    rest = parts.pop()!
    lines.push(...parts)
  })
  const entries = (msg: string) =>
    lines.flatMap((l) => {
      try {
        const entry = JSON.parse(l) as Record<string, unknown>
        return entry.msg === msg ? [entry] : []
      } catch {
        return []
      }
    })
  return {
    child,
    lines,
    entries,
    logged: (msg) => entries(msg).flatMap((e) => (typeof e.taskId === 'string' ? [e.taskId] : [])),
  }
}
