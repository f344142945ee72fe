import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

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
      const mb = [resident()]
      for (let i = 0; i < ${renders}; i++) {
        memory.releaseFrameMemory()
        mb.push(resident())
      }
      parentPort.postMessage(mb)
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
