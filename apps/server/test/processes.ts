import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
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

/** One process as /proc/<pid>/stat tells it: its command name, state (Z: a zombie) and parent. */
export interface ProcessEntry {
  pid: number
  comm: string
  state: string
  ppid: number
}

function readStat(pid: string): ProcessEntry | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The name is in parentheses and may hold spaces and parentheses itself: it ends at the last.
    const close = stat.lastIndexOf(')')
    const [state, ppid] = stat.slice(close + 2).split(' ')
    return {
      pid: Number(pid),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      state: state!,
      ppid: Number(ppid),
    }
  } catch {
    return null // it ended while the list was read
  }
}

/** Every process below `root` (children, their children...), zombies included. Linux only. */
export function descendantsOf(root: number): ProcessEntry[] {
  const all = readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return []
    const entry = readStat(name)
    return entry ? [entry] : []
  })
  const found: ProcessEntry[] = []
  let parents = new Set([root])
  while (parents.size > 0) {
    const children = all.filter((p) => parents.has(p.ppid))
    found.push(...children)
    parents = new Set(children.map((p) => p.pid))
  }
  return found
}
