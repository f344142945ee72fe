import { spawn, type ChildProcess } from 'node:child_process'

/** Where ffmpeg (5.1 or newer) and ffprobe are; the server passes its configured paths. */
export interface MediaTools {
  ffmpeg: string
  ffprobe: string
}

/** The tools on PATH. */
export const DEFAULT_TOOLS: MediaTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }

/**
 * Kills tool processes by pid: those a thread started, which ending the thread leaves running.
 * Call it only while they may still run, so a reused pid is never hit.
 */
export function killTools(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

export interface RunToolOptions {
  signal?: AbortSignal
  /** Sees the child as soon as it is started: a render thread must wait for it to end. */
  onSpawn?: (child: ChildProcess) => void
}

/** How much of stderr an error keeps: the end, where ffmpeg says what went wrong. */
const STDERR_TAIL = 2000

/**
 * Runs a program to completion and returns its stdout; rejects with the tail of its stderr.
 * An abort kills the program and rejects with AbortError.
 */
export async function runTool(
  program: string,
  args: readonly string[],
  opts: RunToolOptions = {},
): Promise<Buffer> {
  return (await run(program, args, opts)).stdout
}

/** As runTool, but resolves with the tail of stderr: where ffmpeg's analysers print. */
export async function runToolReport(
  program: string,
  args: readonly string[],
  opts: RunToolOptions = {},
): Promise<string> {
  return (await run(program, args, opts)).stderr
}

function run(
  program: string,
  args: readonly string[],
  opts: RunToolOptions,
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: opts.signal,
      killSignal: 'SIGKILL',
    })
    opts.onSpawn?.(child)
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-STDERR_TAIL)))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err })
      else reject(new Error(`${program} exited with ${code}: ${err.trim()}`))
    })
  })
}
