import { SlideSchema } from '@storyreel/core'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { drawFrame, type Media } from '../src/engine'
import { createSurface } from '../src/node'
import { loadSlideMedia } from '../src/node/media'
import { mean, psnr, tempDir, writeSolid, writeTestCard, type Picture } from './helpers'

/**
 * The vignette painted on a small mask and scaled up (media with layers, as both loaders make
 * them) against the same vignette painted over the frame (media without layers).
 */
const W = 540
const H = 960

let card: string
let white: string
beforeAll(async () => {
  const dir = await tempDir()
  card = join(dir, 'card.png')
  white = join(dir, 'white.png')
  await writeTestCard(card, 1800, 1200)
  await writeSolid(white, 1800, 1200, '#fff')
})

async function draw(file: string, params: object, layers: boolean, t = 2): Promise<Picture> {
  const slide = SlideSchema.parse({
    ...{ id: 'v', filename: 'card.png', duration: 4 },
    effects: [{ name: 'vignette', params }],
  })
  const loaded = await loadSlideMedia(file, slide, W, H)
  const media: Media = layers ? loaded.media : { ...loaded.media, makeLayer: undefined }
  const { canvas, ctx } = createSurface(W, H)
  drawFrame(ctx, { width: W, height: H, slide, media }, t)
  return { width: W, height: H, data: new Uint8Array(canvas.data()) }
}

describe('the vignette', () => {
  const looks = [
    { amount: 60, size: 0.9, roundness: 0.7, feather: 0.8 },
    { amount: 120, size: 0.5, roundness: 0, feather: 0.3 },
    { animate: true, startAmount: 0, endAmount: 120, startSize: 1.2, endSize: 0.6 },
  ]
  for (const params of looks) {
    it(`looks the same from its small mask (${JSON.stringify(params)})`, async () => {
      expect(psnr(await draw(card, params, true), await draw(card, params, false))).toBeGreaterThan(
        40,
      )
    })
  }

  it('follows an animated vignette frame by frame, though the mask is kept between frames', async () => {
    const params = { animate: true, startAmount: 0, endAmount: 100 }
    const slide = SlideSchema.parse({
      ...{ id: 'v', filename: 'white.png', duration: 4 },
      effects: [{ name: 'vignette', params }],
    })
    const { media } = await loadSlideMedia(white, slide, W, H)
    const { canvas, ctx } = createSurface(W, H)
    const corner = (t: number) => {
      drawFrame(ctx, { width: W, height: H, slide, media }, t)
      return mean({ width: W, height: H, data: new Uint8Array(canvas.data()) }, -1, 0, 0, 8, 8)
    }
    expect(corner(0)).toBeGreaterThan(250)
    expect(corner(2)).toBeLessThan(150)
    expect(corner(4)).toBeLessThan(20)
  })

  it('has a hard edge at feather 0: dark outside its size, untouched inside', async () => {
    const hard = { amount: 100, size: 0.7, roundness: 1, feather: 0 }
    for (const layers of [true, false]) {
      const f = await draw(white, hard, layers)
      // A circle of 0.7 of the half-diagonal (385 px): the top edge is outside, the middle in.
      expect(mean(f, -1, W / 2 - 4, 0, 8, 8)).toBeLessThan(5)
      expect(mean(f, -1, W / 2 - 4, H / 2 - 300, 8, 8)).toBeGreaterThan(250)
    }
  })
})
