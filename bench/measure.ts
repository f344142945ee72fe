import { execFile, execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'

const run = promisify(execFile)

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString())
const PAGE = Number(execFileSync('getconf', ['PAGESIZE']).toString())

/** A process's children, whichever of its threads spawned them (/proc). */
function childrenOf(pid: number | string): string[] {
  // A child belongs to the thread that spawned it: the render thread's ffmpegs are not in the
  // main thread's list.
  const children: string[] = []
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      children.push(
        ...readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/),
      )
    }
  } catch {
    // gone
  }
  return children.filter(Boolean)
}

/** Resident memory of a process and all its descendants (the render's ffmpegs), bytes. */
export function treeRss(pid = process.pid): number {
  const rss = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE
  return childrenOf(pid).reduce((sum, c) => {
    try {
      return sum + treeRss(Number(c))
    } catch {
      return sum
    }
  }, rss)
}

/** CPU seconds of a process (all its threads) and its children that have ended (/proc). */
export function cpuSeconds(pid: number | 'self' = 'self'): number {
  // After the command name: utime, stime, cutime and cstime are fields 14-17 of proc(5).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / TICKS_PER_SECOND
}

/**
 * CPU seconds of a process tree: each process's own and its ended children's. The difference of
 * two readings is what the tree spent between them (the server's, its render thread's and every
 * ffmpeg it ran), if no process of it ended unreaped meanwhile.
 */
export function treeCpu(pid: number): number {
  let sum = 0
  try {
    sum = cpuSeconds(pid)
  } catch {
    return 0
  }
  for (const c of childrenOf(pid)) sum += treeCpu(Number(c))
  return sum
}

export interface Measured<T> {
  result: T
  wall: number
  cpu: number
  /** Peak resident memory of the process tree, bytes (sampled every 50 ms). */
  peak: number
}

/** Wall time, CPU time and peak memory of an async task that runs in this process tree. */
export async function measure<T>(task: () => Promise<T>): Promise<Measured<T>> {
  let peak = treeRss()
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss())), 50)
  const c0 = cpuSeconds()
  const t0 = performance.now()
  try {
    const result = await task()
    return { result, wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0, peak }
  } finally {
    clearInterval(sampler)
  }
}

/**
 * The bound of a render: a re-encode of its own output, picture and soundtrack, with the render's
 * codec settings (a still picture is no floor: x264 codes identical frames several times faster
 * than moving ones). The soundtrack counts: any encoder of this MP4 codes its AAC too, about a
 * CPU second for 32 s of music.
 */
export async function reencode(
  file: string,
  out: string,
  codecs: readonly string[],
): Promise<Measured<void>> {
  return measure(async () => {
    await run('ffmpeg', ['-v', 'error', '-y', '-i', file, ...codecs, '-f', 'mp4', out])
  })
}

/** The 1-minute load average: how busy the machine was, to read the figures by. */
export function load(): number {
  return loadavg()[0]!
}
