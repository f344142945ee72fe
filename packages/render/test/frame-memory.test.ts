import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { discardFrame, rgbaToI420 } from '../src/node/native-addons'
import { startEncoder } from '../src/node/encoder'

const run = promisify(execFile)
const addon = fileURLToPath(new URL('../native/build/frame-memory.node', import.meta.url))

/**
 * In a child Node, on a worker thread as a render draws: `renders` renders hold frame memory,
 * four 8 MB frames are drawn and freed, then each render ends in turn. The resident MB once the
 * frames are freed, then after each render's end.
 */
async function residentMb(renders: number): Promise<number[]> {
  const script = `
    const { Worker, isMainThread, parentPort } = require('node:worker_threads')
    if (isMainThread) {
      new Worker(__filename).on('message', (mb) => console.log(JSON.stringify(mb)))
    } else {
      const memory = require(${JSON.stringify(addon)})
      const resident = () => process.memoryUsage().rss / 2 ** 20
      for (let i = 0; i < ${renders}; i++) memory.holdFrameMemory()
      let frames = []
      for (let k = 0; k < 4; k++) frames.push(Buffer.allocUnsafeSlow(8 << 20).fill(k))
      frames = null
      gc()
      // V8's background threads may still be freeing what the collection found: on a busy
      // machine the resident size once moved by 4 MB between two measures with nothing between.
      setTimeout(() => {
        gc()
        const mb = [resident()]
        for (let i = 0; i < ${renders}; i++) {
          memory.releaseFrameMemory()
          mb.push(resident())
        }
        parentPort.postMessage(mb)
      }, 100)
    }`
  const dir = await mkdtemp(join(tmpdir(), 'storyreel-frame-memory-'))
  try {
    await writeFile(join(dir, 'child.cjs'), script)
    const { stdout } = await run(process.execPath, ['--expose-gc', join(dir, 'child.cjs')])
    return JSON.parse(stdout) as number[]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe.skipIf(!existsSync(addon))(
  'frame memory held while renders run (skipped without a C compiler: native/build.sh)',
  () => {
    it('keeps freed frames for the next ones, and gives them back when the render ends', async () => {
      const [held, released] = await residentMb(1)
      // 32 MB of frames were freed: held, they stay resident for the next frames.
      expect(held! - released!).toBeGreaterThan(24)
    })

    it('gives nothing back while another render of the process still runs', async () => {
      const [held, oneEnded, bothEnded] = await residentMb(2)
      expect(Math.abs(held! - oneEnded!)).toBeLessThan(4)
      expect(oneEnded! - bothEnded!).toBeGreaterThan(24)
    })
  },
)

describe.skipIf(!existsSync(addon))(
  'read-backs freed once used (skipped without a C compiler: native/build.sh)',
  () => {
    const outside = () => process.memoryUsage().arrayBuffers / 2 ** 20

    it('frees a frame at once, not at the next garbage collection', () => {
      const frame = Buffer.allocUnsafeSlow(8 << 20).fill(1)
      const words = new Int32Array(new ArrayBuffer(8 << 20))
      const before = outside()
      expect(discardFrame(frame)).toBe(true)
      expect(discardFrame(words)).toBe(true)
      expect(before - outside()).toBeGreaterThan(15)
      expect(frame.length).toBe(0)
      expect(words.length).toBe(0)
    })

    it('leaves alone a Buffer that shares its memory with others', () => {
      const small = Buffer.from('a frame')
      const neighbour = Buffer.from('its neighbour in the pool')
      expect(discardFrame(small)).toBe(false)
      expect(discardFrame(neighbour.subarray(4))).toBe(false)
      expect(small.toString()).toBe('a frame')
      expect(neighbour.toString()).toBe('its neighbour in the pool')
    })

    it.skipIf(!rgbaToI420())('the encoder frees each frame it converts', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'storyreel-frame-memory-'))
      try {
        const encoder = startEncoder({
          ...{ width: 64, height: 64, frames: 1, outFile: join(dir, 'one.mp4') },
          ...{ narration: null, clips: [], ffmpeg: 'ffmpeg' },
        })
        const frame = Buffer.alloc(64 * 64 * 4, 200)
        await encoder.write(frame)
        expect(frame.length).toBe(0)
        await encoder.finish()
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    })
  },
)
