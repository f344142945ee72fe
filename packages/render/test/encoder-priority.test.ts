import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { getPriority } from 'node:os'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENCODER_NICER_BY, startEncoder } from '../src/node/encoder'
import { tempDir } from './helpers'

/** The niceness of each thread of a process, from /proc (field 19 of each task's stat). */
async function threadNiceness(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`)
  return Promise.all(
    tasks.map(async (tid) => {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      // The name in parentheses may hold spaces; the fields after it are plain numbers.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
    }),
  )
}

describe.skipIf(!existsSync('/proc/self/task'))('the encoder (Linux /proc)', () => {
  it('runs every x264 thread niced below the render thread that feeds it', async () => {
    const W = 640
    const H = 360
    let child: ChildProcess | undefined
    const encoder = startEncoder({
      ...{ width: W, height: H, frames: 30, outFile: join(await tempDir(), 'niced.mp4') },
      ...{ narration: null, clips: [], ffmpeg: 'ffmpeg', onSpawn: (c) => (child = c) },
    })
    const frame = () => Buffer.alloc(W * H * 4, 0x80)
    for (let i = 0; i < 20; i++) await encoder.write(frame())
    const niceness = await threadNiceness(child!.pid!)
    for (let i = 20; i < 30; i++) await encoder.write(frame())
    await encoder.finish()
    // ffmpeg's own thread and x264's, started once frames arrived.
    expect(niceness.length).toBeGreaterThan(2)
    expect(new Set(niceness)).toEqual(new Set([Math.min(19, getPriority() + ENCODER_NICER_BY)]))
  })
})
