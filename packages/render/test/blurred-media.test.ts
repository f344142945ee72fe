import { SlideSchema } from '@storyreel/core'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { drawFrame, type Media } from '../src/engine'
import { blurScale } from '../src/engine/blurred-media'
import { createSurface } from '../src/node'
import { loadSlideMedia } from '../src/node/media'
import { mean, psnr, tempDir, writeSolid, writeTestCard, type Picture } from './helpers'

/**
 * The blur drawn on a small copy and scaled back up (media with layers, as both loaders make
 * them) against the same blur drawn at full size on the frame (media without layers), on the
 * test card's bands, checkerboard and grid.
 */
const W = 540
const H = 960
const ZOOM = { name: 'zoom', params: { zoomStart: 110, zoomEnd: 130 } }
const slide = (startBlur: number, camera: object[]) =>
  SlideSchema.parse({
    id: 'b',
    filename: 'card.png',
    duration: 4,
    effects: [...camera, { name: 'blur', params: { startBlur, endBlur: startBlur } }],
  })

let card: string
let grey: string
beforeAll(async () => {
  const dir = await tempDir()
  card = join(dir, 'card.png')
  grey = join(dir, 'grey.png')
  await writeTestCard(card, 1800, 1200)
  await writeSolid(grey, 1800, 1200, 'rgb(150,150,150)')
})

async function draw(
  startBlur: number,
  layers: boolean,
  file = card,
  camera: object[] = [ZOOM],
): Promise<Picture> {
  const s = slide(startBlur, camera)
  const loaded = await loadSlideMedia(file, s, W, H)
  const media: Media = layers ? loaded.media : { ...loaded.media, makeLayer: undefined }
  const { canvas, ctx } = createSurface(W, H)
  drawFrame(ctx, { width: W, height: H, slide: s, media }, 1.5)
  return { width: W, height: H, data: new Uint8Array(canvas.data()) }
}

describe('a large blur drawn on a small copy', () => {
  it('is drawn on a copy scaled down, for these blurs', () => {
    // 100 and 40 at 540 wide: 20 and 8 px.
    expect(blurScale(20)).toBeLessThanOrEqual(1 / 4)
    expect(blurScale(8)).toBe(1 / 2)
  })

  for (const blur of [100, 40]) {
    it(`looks as the blur at full size does (blur ${blur})`, async () => {
      const small = await draw(blur, true)
      const full = await draw(blur, false)
      expect(psnr(small, full)).toBeGreaterThan(33)
      // Not a blank or unblurred frame passing for one: a sharp frame is far from both.
      expect(psnr(await draw(0, true), full)).toBeLessThan(25)
    })
  }

  it('keeps the frame’s edges as bright as its middle, on a picture of one colour', async () => {
    // Pan: the crop meets the media's left edge, where the picture ends and is stretched.
    const p = await draw(100, true, grey, [{ name: 'pan', params: {} }])
    const middle = mean(p, -1, W / 2 - 20, H / 2 - 20, 40, 40)
    expect(middle).toBeGreaterThan(100)
    for (const edge of [
      mean(p, -1, 0, 0, W, 2),
      mean(p, -1, 0, H - 2, W, 2),
      mean(p, -1, 0, 0, 2, H),
      mean(p, -1, W - 2, 0, 2, H),
    ]) {
      expect(Math.abs(edge - middle)).toBeLessThan(2)
    }
  })
})
