import { createCanvas, loadImage } from '@napi-rs/canvas'
import { CompositionSchema, type Framing } from '@storyreel/core'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderFrame } from '../src/node'
import {
  decodeImage,
  detail,
  mean,
  psnr,
  run,
  tempDir,
  writePng,
  writeTestCard,
  type Picture,
} from './helpers'

/**
 * Golden frames of fitted slides, drawn by renderFrame (the video's drawFrame) at JPEG quality
 * 100: a portrait card in a 16:9 frame and a panorama in 9:16, checked for what a viewer sees:
 * the whole picture, sharp and centred, and around it a blurred, darkened copy of the same
 * picture, never black. Each frame is also written as a PNG beside the media, to look at.
 */
const LANDSCAPE = { width: 640, height: 360 }
const PORTRAIT = { width: 360, height: 640 }

let dir: string

beforeAll(async () => {
  dir = await tempDir()
  await writeTestCard(join(dir, 'portrait.png'), 600, 800)
  await writeTestCard(join(dir, 'pano.png'), 1600, 400)
  // A portrait phone clip: ffmpeg's moving test pattern.
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=30:d=1'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(dir, 'clip.mp4')],
  ])
}, 60_000)

async function frame(
  file: string,
  movie: { width: number; height: number },
  t: number,
  framing?: Framing,
  effects: unknown[] = [],
): Promise<Picture> {
  const composition = CompositionSchema.parse({
    movieParams: { ...movie, voice: null },
    composition: [{ id: 's', filename: file, duration: 2, effects, framing }],
  })
  const jpeg = await renderFrame({
    composition,
    slideIndex: 0,
    t,
    resolveMedia: (f) => join(dir, f),
    quality: 100,
  })
  const picture = await decodeImage(jpeg)
  const name = `${file.replace(/\.\w+$/, '')}-${movie.width}x${movie.height}-${framing ?? 'none'}`
  await writePng(join(dir, `${name}-${t}.png`), picture)
  return picture
}

/** The card as it should appear whole in a rectangle of the frame. */
async function expected(file: string, width: number, height: number): Promise<Picture> {
  const img = await loadImage(join(dir, file))
  const c = createCanvas(width, height)
  const ctx = c.getContext('2d')
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(img, 0, 0, width, height)
  return { width, height, data: new Uint8Array(ctx.getImageData(0, 0, width, height).data) }
}

function region(p: Picture, x0: number, y0: number, width: number, height: number): Picture {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * p.width + x0) * 4
    data.set(p.data.subarray(from, from + width * 4), y * width * 4)
  }
  return { width, height, data }
}

describe('a portrait picture fitted in a 16:9 frame', () => {
  // 600x800 shown 270x360, centred: 185 px of backdrop on either side.
  const side = (640 - 270) / 2

  it('shows the whole picture, sharp, in the middle', async () => {
    const f = await frame('portrait.png', LANDSCAPE, 0, 'fit')
    const shown = region(f, side, 0, 270, 360)
    expect(psnr(shown, await expected('portrait.png', 270, 360))).toBeGreaterThan(28)
  })

  it('fills the sides with a blurred, darkened copy of the same picture', async () => {
    const f = await frame('portrait.png', LANDSCAPE, 0, 'fit')
    const left = region(f, 0, 0, side - 4, 360)
    const right = region(f, 640 - side + 4, 0, side - 4, 360)
    const picture = region(f, side, 0, 270, 360)
    for (const band of [left, right]) {
      // Not black, far softer than the picture, and darker.
      expect(mean(band, -1)).toBeGreaterThan(40)
      expect(detail(band)).toBeLessThan(detail(picture) / 10)
      expect(mean(band, -1)).toBeLessThan(mean(picture, -1) * 0.8)
    }
    // The copy covers the frame: the card's red band at the far left, its magenta at the
    // far right (each a sixth of the frame's width).
    const [red, magenta] = [region(f, 0, 0, 80, 360), region(f, 560, 0, 80, 360)]
    expect(mean(red, 0)).toBeGreaterThan(mean(red, 2) + 40)
    expect(mean(magenta, 2)).toBeGreaterThan(mean(magenta, 1) + 40)
  })

  it('zooms the fitted picture over a backdrop that stays still', async () => {
    const zoom = [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 150, focusY: 20 } }]
    const start = await frame('portrait.png', LANDSCAPE, 0, 'fit', zoom)
    const end = await frame('portrait.png', LANDSCAPE, 2, 'fit', zoom)
    // At 1.5 the picture is 405 px wide: its edge has moved 67 px out over the backdrop.
    const edge = (p: Picture) => mean(region(p, 130, 0, 40, 360), -1)
    expect(detail(region(end, 130, 0, 40, 360))).toBeGreaterThan(
      5 * detail(region(start, 130, 0, 40, 360)),
    )
    expect(edge(end)).not.toBeCloseTo(edge(start), -1)
    // What is still backdrop did not move.
    expect(psnr(region(start, 0, 0, 110, 360), region(end, 0, 0, 110, 360))).toBeGreaterThan(40)
  })

  it('covers as before when the slide has no framing', async () => {
    const none = await frame('portrait.png', LANDSCAPE, 0)
    expect(psnr(none, await frame('portrait.png', LANDSCAPE, 0, 'cover'))).toBe(Infinity)
    // Cropped to the card's middle, sharp to the frame's edges.
    expect(detail(region(none, 0, 0, 100, 360))).toBeGreaterThan(
      5 * detail(region(await frame('portrait.png', LANDSCAPE, 0, 'fit'), 0, 0, 100, 360)),
    )
  })
})

describe('a panorama fitted in a 9:16 frame', () => {
  // 1600x400 shown 360x90, centred: 275 px of backdrop above and below.
  const band = (640 - 90) / 2

  it('shows the whole panorama across the middle, on its blurred copy', async () => {
    const f = await frame('pano.png', PORTRAIT, 0, 'fit')
    const shown = region(f, 0, band, 360, 90)
    expect(psnr(shown, await expected('pano.png', 360, 90))).toBeGreaterThan(26)
    const top = region(f, 0, 0, 360, band - 4)
    const bottom = region(f, 0, 640 - band + 4, 360, band - 4)
    for (const b of [top, bottom]) {
      expect(mean(b, -1)).toBeGreaterThan(40)
      expect(detail(b)).toBeLessThan(detail(shown) / 10)
    }
  })
})

describe('a portrait clip fitted in a 16:9 frame', () => {
  it('has a backdrop that follows the clip', async () => {
    const a = await frame('clip.mp4', LANDSCAPE, 0, 'fit')
    const b = await frame('clip.mp4', LANDSCAPE, 0.5, 'fit')
    // 180x320 shown 203x360: 219 px of backdrop either side.
    for (const f of [a, b]) {
      const left = region(f, 0, 0, 210, 360)
      expect(mean(left, -1)).toBeGreaterThan(20)
      expect(detail(left)).toBeLessThan(detail(region(f, 219, 0, 202, 360)) / 5)
    }
    expect(psnr(region(a, 0, 0, 210, 360), region(b, 0, 0, 210, 360))).toBeLessThan(40)
  })
})
