import type { Composition } from '@storyreel/core'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FramePoolFullError,
  FrameTimeLimitError,
  renderFrame,
  startFramePool,
  type FramePool,
} from '../src/node'
import { tempDir, writeTestCard } from './helpers'

let dir: string
let pool: FramePool

function slideOf(width: number, height: number, effects: unknown[] = []): Composition {
  return {
    movieParams: { width, height, voice: null },
    composition: [{ id: 'card', filename: 'card.png', duration: 2, effects }],
  } as Composition
}

const distorts = Array.from({ length: 10 }, () => ({ name: 'distort', params: {} }))

beforeAll(async () => {
  dir = await tempDir()
  await writeTestCard(join(dir, 'card.png'), 1200, 800)
  pool = startFramePool({ size: 1, timeLimitMs: 1500, maxWaiting: 0 })
}, 60_000)
afterAll(() => pool.close())

const request = (composition: Composition) => ({
  composition,
  slideIndex: 0,
  t: 1,
  mediaPath: join(dir, 'card.png'),
})

describe('startFramePool', () => {
  it('draws the same JPEG as renderFrame, on its own thread', async () => {
    const composition = slideOf(320, 180, [{ name: 'zoom', params: {} }])
    const direct = await renderFrame({
      ...request(composition),
      resolveMedia: (f) => join(dir, f),
    })
    expect((await pool.draw(request(composition))).equals(direct)).toBe(true)
  }, 30_000)

  it('refuses a frame while its one thread is busy and none may wait', async () => {
    const busy = pool.draw(request(slideOf(1280, 720, distorts)))
    await expect(pool.draw(request(slideOf(160, 90)))).rejects.toBeInstanceOf(FramePoolFullError)
    await busy.catch(() => {})
  }, 30_000)

  it('ends a frame past its time limit, and draws the next on a fresh thread', async () => {
    const start = performance.now()
    await expect(pool.draw(request(slideOf(3840, 3840, distorts)))).rejects.toBeInstanceOf(
      FrameTimeLimitError,
    )
    expect(performance.now() - start).toBeLessThan(3000)
    const jpeg = await pool.draw(request(slideOf(160, 90)))
    expect(jpeg[0]).toBe(0xff)
  }, 30_000)
})
