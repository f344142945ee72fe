import type { Composition, FrameRange } from '@storyreel/core'
import { planRanges } from '@storyreel/core'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderComposition } from '../src/node'
import { joinSegments, slideFrameCounts } from '../src/node/server'
import { bandVolume, run, tempDir } from './helpers'

/**
 * A render split into ranges and joined (decision 016) is the single render, frame for frame:
 * the same count, each frame the same picture, none shifted at a seam (one in a transition),
 * the sound the same.
 */
const W = 320
const H = 180
let dir: string

const composition: Composition = {
  movieParams: { width: W, height: H, voice: null },
  composition: [
    // A moving test pattern with a tone: every frame differs from its neighbours. It dissolves
    // into the card over frames 57-74, across the seam at the boundary (66): the range after it
    // draws the clip's last frame held under the card coming in.
    {
      id: 'clip',
      filename: 'clip.mp4',
      duration: 2.2,
      effects: [],
      transition: { type: 'dissolve', duration: 0.6 },
    },
    {
      id: 'card',
      filename: 'card.png',
      duration: 1.3,
      effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 140 } }],
    },
  ],
} as Composition

const resolveMedia = (f: string) => join(dir, f)

/** Every frame of the video's picture as 8-bit luma. */
async function lumaFrames(file: string): Promise<Buffer[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  )
  const frames: Buffer[] = []
  for (let at = 0; at < stdout.length; at += W * H) frames.push(stdout.subarray(at, at + W * H))
  return frames
}

function psnr(a: Buffer, b: Buffer): number {
  let se = 0
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2
  return se === 0 ? 99 : 10 * Math.log10((255 * 255) / (se / a.length))
}

async function streams(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,start_time,duration,nb_frames'],
    ...['-of', 'json', file],
  ])
  return (JSON.parse(stdout) as { streams: Record<string, string>[] }).streams
}

describe('a split render joined', () => {
  let single: Buffer[]
  let joined: Buffer[]
  let ranges: FrameRange[]

  beforeAll(async () => {
    dir = await tempDir()
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=30:d=3'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')],
    ])
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=640x360:d=1', '-frames:v', '1'],
      join(dir, 'card.png'),
    ])
    const counts = slideFrameCounts(composition.composition.map((s) => s.duration))
    // Three ranges of at least 30 frames: the first cut falls inside the clip, the second on the
    // boundary four frames before the even cut.
    ranges = planRanges(counts, { workers: 3, minFrames: 30 })
    await renderComposition({
      composition,
      resolveMedia,
      outFile: join(dir, 'single.mp4'),
      thumbnailFile: join(dir, 'single.jpg'),
    })
    const segments: string[] = []
    for (const [k, range] of ranges.entries()) {
      const file = join(dir, `range-${k}.ts`)
      await renderComposition({
        composition,
        resolveMedia,
        outFile: file,
        thumbnailFile: join(dir, `range-${k}.jpg`),
        range,
      })
      segments.push(file)
    }
    await joinSegments({
      composition,
      mediaPaths: composition.composition.map((s) => resolveMedia(s.filename)),
      segments,
      narration: null,
      outFile: join(dir, 'joined.mp4'),
    })
    single = await lumaFrames(join(dir, 'single.mp4'))
    joined = await lumaFrames(join(dir, 'joined.mp4'))
  }, 120_000)

  it('cuts inside a slide as well as on a boundary', () => {
    expect(ranges.map((r) => r.start)).toEqual([0, 35, 66])
  })

  it('has every frame of the single render, each the same picture', () => {
    expect(single).toHaveLength(105)
    expect(joined).toHaveLength(single.length)
    for (const [i, frame] of joined.entries()) {
      expect(psnr(frame, single[i]!), `frame ${i}`).toBeGreaterThan(35)
    }
  })

  it('neither repeats nor skips a frame at a seam', () => {
    // Each frame on either side of a seam is its own, not a neighbour, wherever the picture
    // moves from one frame to the next (the clip; the zoom is too slow to tell at this size).
    let checked = 0
    for (const { start } of ranges.slice(1)) {
      for (const i of [start - 1, start]) {
        for (const j of [i - 1, i + 1].filter((j) => psnr(single[i]!, single[j]!) < 35)) {
          expect(psnr(joined[i]!, single[i]!), `frame ${i}`).toBeGreaterThan(
            psnr(joined[i]!, single[j]!) + 3,
          )
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4)
  })

  it('has the same streams: video and sound start and end together', async () => {
    const [a, b] = [await streams(join(dir, 'single.mp4')), await streams(join(dir, 'joined.mp4'))]
    for (const type of ['video', 'audio']) {
      const x = a.find((s) => s.codec_type === type)!
      const y = b.find((s) => s.codec_type === type)!
      expect(Math.abs(Number(x.start_time) - Number(y.start_time))).toBeLessThan(1 / 30)
      expect(Math.abs(Number(x.duration) - Number(y.duration))).toBeLessThan(1 / 30)
    }
  })

  it('hears the soundtrack with music once joined, as the single render does', async () => {
    // A 660 Hz tone stands for the music and narration mixed (buildMusicSoundtrack).
    const soundtrack = join(dir, 'soundtrack.wav')
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=660:d=3.5', soundtrack])
    const mediaPaths = composition.composition.map((s) => resolveMedia(s.filename))
    await renderComposition({
      composition,
      resolveMedia,
      outFile: join(dir, 'single-music.mp4'),
      thumbnailFile: join(dir, 'single-music.jpg'),
      soundtrack: { file: soundtrack },
    })
    const segments = ranges.map((_, k) => join(dir, `range-${k}.ts`))
    const out = join(dir, 'joined-music.mp4')
    await joinSegments({
      composition,
      mediaPaths,
      segments,
      narration: null,
      soundtrack,
      outFile: out,
    })
    for (const t of [0.2, 1.5, 2.8]) {
      const single = await bandVolume(join(dir, 'single-music.mp4'), t, 0.4, 660)
      expect(single).toBeGreaterThan(-40)
      expect(await bandVolume(out, t, 0.4, 660)).toBeCloseTo(single, 0)
      expect(await bandVolume(join(dir, 'joined.mp4'), t, 0.4, 660)).toBeLessThan(single - 20)
    }
  }, 120_000)

  it('draws the thumbnail only in the range that holds its frame', async () => {
    const files = await readdir(dir)
    expect(files.filter((f) => /^range-\d\.jpg$/.test(f))).toEqual(['range-0.jpg'])
  })
})
