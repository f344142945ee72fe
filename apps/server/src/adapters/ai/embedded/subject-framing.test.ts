import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compositionDuration, type Composition } from '@storyreel/core'
import { DEFAULT_TOOLS, renderComposition } from '@storyreel/render/server'
import { PHOTOS_DIR } from '../../../../test/media-fixtures'
import { describeMedia } from './analyze-media'
import { compose } from './composer'
import { stopDetector } from './detect/detector'

/** The plain ground around the subject: a frame showing only it shows no subject. */
const GROUND = { r: 0x6d, g: 0x8a, b: 0x5a }
/** The render's size: the composed 9:16 movie, smaller, so the test renders quickly. */
const SMALL = { width: 360, height: 640 }

let dir: string
let picture: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'subject-framing-'))
  picture = path.join(dir, 'wide.jpg')
  // A 3000x1000 panorama with a cat at its right edge, and nothing anywhere else.
  const cat = await sharp(path.join(PHOTOS_DIR, 'cat.jpg')).resize(600, 400).toBuffer()
  await sharp({ create: { width: 3000, height: 1000, channels: 3, background: GROUND } })
    .composite([{ input: cat, left: 2400, top: 300 }])
    .jpeg({ quality: 92 })
    .toFile(picture)
})
afterAll(async () => {
  await stopDetector()
  await rm(dir, { recursive: true, force: true })
})

/** The share of a frame's pixels unlike the ground: the part of the cat it shows. */
function subjectShare(video: string, at: number): number {
  const rgb = execFileSync('ffmpeg', [
    ...['-v', 'error', '-ss', at.toFixed(2), '-i', video, '-frames:v', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ])
  let unlike = 0
  for (let i = 0; i < rgb.length; i += 3) {
    const d =
      Math.abs(rgb[i]! - GROUND.r) +
      Math.abs(rgb[i + 1]! - GROUND.g) +
      Math.abs(rgb[i + 2]! - GROUND.b)
    if (d > 60) unlike++
  }
  return unlike / (rgb.length / 3)
}

describe('a subject at the edge of a panorama, in a vertical video', () => {
  it('stays in view in every sampled frame of the render', async () => {
    const d = await describeMedia(picture, 'wide.jpg', 'image', DEFAULT_TOOLS)
    expect(d.subjects![0]).toMatchObject({ label: 'cat' })
    expect(d.subjects![0]!.box.x).toBeGreaterThan(75)
    expect(d.focus.x).toBeGreaterThan(85)

    const composed = compose([d], 'Our cat', '9:16')
    const slide = composed.composition[0]!
    // Covered and zoomed on the cat, rather than panned across 2400 pixels of grass to it.
    expect(slide.framing).toBe('cover')
    expect(slide.effects.map((e) => e.name)).not.toContain('pan')
    const small: Composition = { ...composed, movieParams: { ...composed.movieParams, ...SMALL } }

    const video = path.join(dir, 'wide.mp4')
    await renderComposition({
      composition: small,
      resolveMedia: () => picture,
      outFile: video,
      thumbnailFile: path.join(dir, 'wide-thumb.jpg'),
    })
    const seconds = compositionDuration(small)
    // From just after the fade in to just before the fade out, eight instants.
    const instants = Array.from({ length: 8 }, (_, i) => 1 + ((seconds - 2) * i) / 7)
    for (const at of instants) {
      // The cat fills about 40 % of the frame at rest: well over a fifth, zoomed or not.
      expect(subjectShare(video, at), `at ${at.toFixed(2)} s`).toBeGreaterThan(0.2)
    }
  }, 180_000)
})
