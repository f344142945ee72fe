import type { Composition, Transition } from '@storyreel/core'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderComposition } from '../src/node'
import { grabFrame, mean, tempDir, writeSolid, type Picture } from './helpers'

/**
 * Transitions as rendered: one small video of six plain slides of a second (30 frames) each,
 * the boundaries a dissolve, a dip to black, a cut, a push and a wipe, each 0.6 s (18 frames,
 * 9 either side of the boundary). Frames are grabbed from the MP4.
 */
const W = 160
const H = 284
const COLOURS = [
  [220, 40, 40],
  [40, 60, 220],
  [40, 200, 60],
  [230, 220, 40],
  [210, 50, 200],
  [40, 200, 210],
] as const
const TRANSITIONS: Transition['type'][] = ['dissolve', 'dip', 'cut', 'push', 'wipe']

let video: string
const frame = (n: number) => grabFrame(video, n)
/** Mean red, green, blue over a rectangle (the whole frame by default). */
const rgb = (p: Picture, x0 = 0, w = p.width) => [0, 1, 2].map((c) => mean(p, c, x0, 0, w))

/** Each channel within `tolerance` of the colour (YUV 4:2:0 and x264 move plain colours a little). */
function expectColour(got: number[], want: readonly number[], what: string, tolerance = 12) {
  for (const [c, level] of want.entries()) {
    expect(
      Math.abs(got[c]! - level),
      `${what}: ${got.map(Math.round)} against ${want}`,
    ).toBeLessThan(tolerance)
  }
}

beforeAll(async () => {
  const dir = await tempDir()
  for (const [i, [r, g, b]] of COLOURS.entries()) {
    await writeSolid(join(dir, `c${i}.png`), 64, 64, `rgb(${r},${g},${b})`)
  }
  const composition: Composition = {
    movieParams: { width: W, height: H, voice: null },
    composition: COLOURS.map((_, i) => ({
      id: `c${i}`,
      filename: `c${i}.png`,
      duration: 1,
      effects: [],
      ...(TRANSITIONS[i] && { transition: { type: TRANSITIONS[i], duration: 0.6 } }),
    })),
  }
  video = join(dir, 'transitions.mp4')
  await renderComposition({
    composition,
    resolveMedia: (f) => join(dir, f),
    outFile: video,
    thumbnailFile: join(dir, 'transitions.jpg'),
  })
}, 120_000)

describe('transitions in the video', () => {
  it('a dissolve is a mix of both slides mid-boundary, never darker than the darker one', async () => {
    const [red, blue] = [COLOURS[0], COLOURS[1]]
    // Frame 30 is the boundary: half of each.
    expectColour(
      rgb(await frame(30)),
      red.map((v, c) => (v + blue[c]!) / 2),
      'the boundary',
    )
    const luma = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    for (let n = 20; n <= 40; n++) {
      expect(luma(rgb(await frame(n))), `frame ${n}`).toBeGreaterThan(luma(blue) - 8)
    }
    // The window is 9 frames either side: outside it, each slide alone.
    expectColour(rgb(await frame(20)), red, 'before the window')
    expectColour(rgb(await frame(40)), blue, 'after the window')
  })

  it('a dip goes through black at the boundary', async () => {
    expect(mean(await frame(60), -1)).toBeLessThan(4)
    // Halfway into the dip each slide is half dark.
    expect(mean(await frame(55), 2)).toBeGreaterThan(COLOURS[1][2] * 0.25)
    expect(mean(await frame(55), 2)).toBeLessThan(COLOURS[1][2] * 0.75)
  })

  it('a cut switches from one slide to the next at once', async () => {
    expectColour(rgb(await frame(89)), COLOURS[2], 'the last frame before')
    expectColour(rgb(await frame(90)), COLOURS[3], 'the first frame after')
  })

  it('a push moves both slides left: half of each at the boundary', async () => {
    const mid = await frame(120)
    expectColour(rgb(mid, 8, W / 2 - 16), COLOURS[3], 'the left half')
    expectColour(rgb(mid, W / 2 + 8, W / 2 - 16), COLOURS[4], 'the right half')
  })

  it('a wipe uncovers the next slide from the left: half of it at the boundary', async () => {
    const mid = await frame(150)
    expectColour(rgb(mid, 8, W / 2 - 16), COLOURS[5], 'the left half')
    expectColour(rgb(mid, W / 2 + 8, W / 2 - 16), COLOURS[4], 'the right half')
  })
})
