import { existsSync } from 'node:fs'
import { rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { run, tempDir } from './helpers'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const media = fileURLToPath(new URL('../src/node/media.ts', import.meta.url))
const addon = fileURLToPath(new URL('../native/build/frame-memory.node', import.meta.url))
const LOADS = 24

/**
 * In a child Node, as a render thread would: loads a photo as a slide's still LOADS times,
 * dropping each, and gives back what is free after each (a collection, then malloc_trim through
 * the frame-memory addon). The resident MB after the 4th load and after the last.
 */
async function residentAcrossLoads(photo: string, dir: string): Promise<[number, number]> {
  const script = `
    import { createRequire } from 'node:module'
    import { loadSlideMedia } from ${JSON.stringify(media)}
    const memory = createRequire(import.meta.url)(${JSON.stringify(addon)})
    const slide = { id: 's', filename: 'photo.jpg', duration: 1, effects: [] }
    const resident = () => process.memoryUsage().rss / 2 ** 20
    const mb = []
    for (let i = 1; i <= ${LOADS}; i++) {
      const still = await loadSlideMedia(${JSON.stringify(photo)}, slide, 540, 960)
      still.close()
      await new Promise((r) => setTimeout(r, 20))
      gc()
      await new Promise((r) => setTimeout(r, 20))
      memory.holdFrameMemory()
      memory.releaseFrameMemory()
      if (i === 4 || i === ${LOADS}) mb.push(resident())
    }
    console.log(JSON.stringify(mb))`
  await writeFile(join(dir, 'child.mts'), script)
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(dir, 'child.mts')],
    { cwd: packageDir, env: { ...process.env, MALLOC_ARENA_MAX: '2' } },
  )
  return JSON.parse(stdout.trim().split('\n').pop()!) as [number, number]
}

describe.skipIf(!existsSync(addon))(
  'a still photo leaves nothing behind once dropped (skipped without native/build.sh)',
  () => {
    it('loading the same large photo again and again does not grow the process', async () => {
      const dir = await tempDir()
      try {
        // A noisy 2400x1800 JPEG of a few MB, as a phone's photo is.
        const photo = join(dir, 'photo.jpg')
        await run('ffmpeg', [
          ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=2400x1800,noise=alls=60:allf=u'],
          ...['-frames:v', '1', '-q:v', '2', photo],
        ])
        const photoMb = (await stat(photo)).size / 2 ** 20
        expect(photoMb).toBeGreaterThan(1.5)
        const [early, late] = await residentAcrossLoads(photo, dir)
        // When the canvas library read the file itself, each load kept the file's bytes: 20
        // loads grew the process by 20 times the photo.
        expect(late - early).toBeLessThan(5 * photoMb)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    }, 60_000)
  },
)
