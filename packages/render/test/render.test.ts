import {
  CaptionsSchema,
  DEFAULT_CAPTIONS,
  EFFECT_DEFAULTS,
  EFFECT_PRESETS,
  type Composition,
  type RenderedComposition,
} from '@storyreel/core'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { probeMedia, renderComposition, renderFrame } from '../src/node'
import { buildNarrationTrack } from '../src/node/server'
import {
  bandVolume,
  decodeImage,
  detail,
  grabFrame,
  mean,
  meanVolume,
  psnr,
  run,
  tempDir,
  writeTestCard,
  type Picture,
} from './helpers'

const W = 320
const H = 568
let dir: string

function composition(slides: RenderedComposition['composition']): RenderedComposition {
  return { movieParams: { width: W, height: H, voice: null }, composition: slides }
}

const photo = { id: 'card', filename: 'card.png', duration: 1, effects: [] }
// A 1 s clip with a tone, on a 2.5 s slide: looped.
const clip = { id: 'clip', filename: 'clip.mp4', duration: 2.5, effects: [] }

beforeAll(async () => {
  dir = await tempDir()
  await writeTestCard(join(dir, 'card.png'), 1200, 800)
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=1'],
    ...['-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')],
  ])
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=f=880:d=3',
    join(dir, 'voice.mp3'),
  ])
}, 60_000)

const resolveMedia = (f: string) => join(dir, f)

describe('renderComposition', () => {
  let out: string

  beforeAll(async () => {
    out = join(dir, 'clip-out.mp4')
    await renderComposition({
      composition: composition([photo, clip]),
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'clip-out.jpg'),
    })
  }, 120_000)

  it('writes H.264 yuv420p at 30 fps, the movie size, AAC, faststart', async () => {
    const { stdout } = await run('ffprobe', [
      ...[
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_frames,color_space,color_primaries,color_transfer,color_range',
      ],
      ...['-of', 'json', out],
    ])
    const [video, audio] = (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams
    expect(video).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: W,
      height: H,
      r_frame_rate: '30/1',
      // How the frames were turned to YUV, so that players do not guess (video-colour e2e).
      color_space: 'smpte170m',
      color_primaries: 'bt709',
      color_transfer: 'bt709',
      color_range: 'tv',
    })
    expect(Number(video!.nb_frames)).toBe(105)
    expect(audio).toMatchObject({ codec_name: 'aac' })
    const bytes = await readFile(out)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))
    expect((await probeMedia(out)).duration).toBeCloseTo(3.5, 1)
  })

  it('writes a JPEG thumbnail of the movie size', async () => {
    const thumb = await decodeImage(await readFile(join(dir, 'clip-out.jpg')))
    expect([thumb.width, thumb.height]).toEqual([W, H])
  })

  it('plays a clip slide scaled to cover, moving, looped past its end', async () => {
    const frames = [await grabFrame(out, 40), await grabFrame(out, 41), await grabFrame(out, 95)]
    for (const f of frames) expect(mean(f, -1)).toBeGreaterThan(40)
    expect(psnr(frames[0]!, frames[1]!)).toBeLessThan(40)
    // Cover: no black bars at the top or bottom.
    expect(mean(frames[0]!, -1, 0, 0, W, 4)).toBeGreaterThan(20)
    expect(mean(frames[0]!, -1, 0, H - 4, W, 4)).toBeGreaterThan(20)
  })

  it("keeps the clip's own sound at its slide, silence elsewhere", async () => {
    expect(await meanVolume(out, 0, 0.9)).toBeLessThan(-80)
    expect(await meanVolume(out, 1.2, 2)).toBeGreaterThan(-30)
  })

  it('leaves no temporary files', async () => {
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})

describe('bitrate', () => {
  it('caps film grain, fresh detail on every pixel of every frame, at 0.25 bits a pixel', async () => {
    const out = join(dir, 'grain.mp4')
    const seconds = 3
    const grain = {
      ...photo,
      duration: seconds,
      effects: [{ name: 'distort', params: { ...EFFECT_DEFAULTS.distort, noiseAmount: 100 } }],
    }
    await renderComposition({
      composition: composition([grain as Composition['composition'][number]]),
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'grain.jpg'),
    })
    // The cap over the video, plus the buffer x264 may spend at the start (twice the cap).
    const capBits = W * H * 0.25 * 30
    const bits = (await stat(out)).size * 8
    expect(bits).toBeLessThan(capBits * seconds + 2 * capBits)
    // Capped, not smoothed away: the grain still shows over the card.
    const plain = join(dir, 'plain.mp4')
    await renderComposition({
      composition: composition([photo]),
      resolveMedia,
      outFile: plain,
      thumbnailFile: join(dir, 'plain.jpg'),
    })
    const grainy = await grabFrame(out, 15)
    const card = await grabFrame(plain, 15)
    expect(detail(grainy)).toBeGreaterThan(1.5 * detail(card))
  }, 60_000)

  it('keeps a subtle grain that x264’s usual settings would wipe out', async () => {
    // Over a flat grey, all the detail there is is grain.
    const flat = join(dir, 'flat.png')
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=gray:s=${W}x${H}`],
      ...['-frames:v', '1', flat],
    ])
    const subtle = EFFECT_PRESETS.distort!.find((p) => p.name === 'Subtle')!.params
    const slide = {
      id: 'flat',
      filename: 'flat.png',
      duration: 2,
      effects: [{ name: 'distort', params: subtle }],
    }
    const grainy = composition([slide as Composition['composition'][number]])
    const out = join(dir, 'subtle.mp4')
    await renderComposition({
      composition: grainy,
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'subtle.jpg'),
    })
    const drawn = await decodeImage(
      await renderFrame({ composition: grainy, slideIndex: 0, t: 1, resolveMedia, quality: 100 }),
    )
    // Past the first frames, which spend the bitrate buffer's reserve: x264's veryfast settings
    // kept a sixth of the drawn grain's detail there, its superfast ones a third and more.
    let coded = 0
    for (const n of [20, 30, 40, 50]) coded += detail(await grabFrame(out, n)) / 4
    expect(coded).toBeGreaterThan(0.25 * detail(drawn))
  }, 60_000)
})

describe('narration', () => {
  const spoken = composition([photo, clip])
  let out: string

  beforeAll(async () => {
    // The voice (880 Hz) speaks over the first second of the clip slide (its 440 Hz tone).
    const track = join(dir, 'narration.wav')
    await buildNarrationTrack({
      parts: [{ file: join(dir, 'voice.mp3'), start: 1, end: 2 }],
      total: 3.5,
      outFile: track,
    })
    out = join(dir, 'voice-out.mp4')
    await renderComposition({
      composition: spoken,
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'voice-out.jpg'),
      narration: { file: track },
    })
  }, 120_000)

  it('is mixed in where it was placed', async () => {
    expect(await bandVolume(out, 1.1, 0.8, 880)).toBeGreaterThan(-30)
    // Past its end, the voice's band holds only what the clip alone gives it.
    const after = await bandVolume(join(dir, 'clip-out.mp4'), 2.3, 1, 880)
    expect(await bandVolume(out, 2.3, 1, 880)).toBeCloseTo(after, 0)
  })

  it("ducks the clip's sound under the voice, and keeps its level where the voice is silent", async () => {
    const under = await bandVolume(out, 1.2, 0.7, 440)
    const alone = await bandVolume(out, 2.6, 0.8, 440)
    expect(alone - under).toBeGreaterThan(8)
    const unnarrated = await bandVolume(join(dir, 'clip-out.mp4'), 2.6, 0.8, 440)
    expect(alone).toBeCloseTo(unnarrated, 0)
  })
})

describe('captions', () => {
  it("draws the words given for each slide, on that slide's frames", async () => {
    const spokenWords = [
      { text: 'Hello', start: 0.1, end: 0.6 },
      { text: 'world', start: 0.6, end: 1.2 },
    ]
    const out = join(dir, 'captions-out.mp4')
    const slides = [photo, { ...photo, id: 'second' }]
    const captioned = composition([photo, { ...photo, id: 'second', spokenWords }])
    captioned.movieParams.captions = CaptionsSchema.parse({ enabled: true, size: 8 })
    await renderComposition({
      composition: captioned,
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'captions-out.jpg'),
    })
    const plain = join(dir, 'plain-out.mp4')
    await renderComposition({
      composition: composition(slides),
      resolveMedia,
      outFile: plain,
      thumbnailFile: join(dir, 'plain-out.jpg'),
    })
    // The first slide says nothing; the second shows its words from 0.1 s, at the bottom.
    expect(psnr(await grabFrame(out, 15), await grabFrame(plain, 15))).toBeGreaterThan(40)
    const captionedFrame = await grabFrame(out, 30 + 10)
    const plainFrame = await grabFrame(plain, 30 + 10)
    const band = (p: Picture, y: number) => mean(p, -1, 0, y, W, 60)
    expect(Math.abs(band(captionedFrame, H - 120) - band(plainFrame, H - 120))).toBeGreaterThan(5)
    expect(Math.abs(band(captionedFrame, 60) - band(plainFrame, 60))).toBeLessThan(1)
  }, 120_000)
})

describe('failures', () => {
  it('rejects with AbortError, kills ffmpeg and leaves nothing behind', async () => {
    const controller = new AbortController()
    const out = join(dir, 'aborted.mp4')
    const slides = Array.from({ length: 6 }, (_, i) => ({ ...photo, id: `p${i}`, duration: 3 }))
    const render = renderComposition({
      composition: composition(slides),
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'aborted.jpg'),
      signal: controller.signal,
      onProgress: (p) => {
        if (p >= 5) controller.abort()
      },
    })
    await expect(render).rejects.toMatchObject({ name: 'AbortError' })
    expect(existsSync(out)).toBe(false)
    expect((await readdir(dir)).filter((f) => f.startsWith('.aborted'))).toEqual([])
    const { stdout } = await run('ps', ['-eo', 'args'])
    expect(stdout).not.toContain('aborted.mp4')
  }, 60_000)

  it('names the media file that cannot be loaded', async () => {
    const render = renderComposition({
      composition: composition([{ ...photo, filename: 'missing.png' }]),
      resolveMedia,
      outFile: join(dir, 'missing.mp4'),
      thumbnailFile: join(dir, 'missing.jpg'),
    })
    await expect(render).rejects.toThrow(/missing\.png/)
    expect(existsSync(join(dir, 'missing.mp4'))).toBe(false)
  }, 60_000)
})

/** A stand-in for a tool on PATH that logs the arguments of each call, then runs the tool. */
async function loggingTool(name: string) {
  const log = join(dir, `${name}.log`)
  const path = join(dir, `logging-${name}`)
  await writeFile(path, `#!/bin/sh\necho "$*" >> '${log}'\nexec ${name} "$@"\n`, { mode: 0o755 })
  const calls = async () =>
    existsSync(log) ? (await readFile(log, 'utf8')).trim().split('\n') : []
  return { path, calls }
}

describe('media tools', () => {
  it('runs the tools it is given and probes each clip once', async () => {
    const ffmpeg = await loggingTool('ffmpeg')
    const ffprobe = await loggingTool('ffprobe')
    await renderComposition({
      composition: composition([photo, clip]),
      resolveMedia,
      outFile: join(dir, 'tools-out.mp4'),
      thumbnailFile: join(dir, 'tools-out.jpg'),
      tools: { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path },
    })
    const probes = await ffprobe.calls()
    expect(probes).toHaveLength(1)
    expect(probes[0]).toContain('clip.mp4')
    // The clip's header scan (with its probe), the encoder and the clip's decoder.
    expect(await ffmpeg.calls()).toHaveLength(3)
  }, 60_000)
})

describe('renderFrame', () => {
  it('returns the JPEG of the same instant as the video, through the same drawFrame', async () => {
    const slides = [
      {
        ...photo,
        duration: 2,
        effects: [{ name: 'zoom' as const, params: { zoomStart: 100, zoomEnd: 160 } }],
      },
    ]
    const out = join(dir, 'frame-out.mp4')
    await renderComposition({
      composition: composition(slides),
      resolveMedia,
      outFile: out,
      thumbnailFile: join(dir, 'frame-out.jpg'),
    })
    const jpeg = await renderFrame({
      composition: composition(slides),
      slideIndex: 0,
      t: 1,
      resolveMedia,
    })
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
    const still = await decodeImage(jpeg)
    expect(psnr(still, await grabFrame(out, 30))).toBeGreaterThan(30)
    expect(psnr(still, await grabFrame(out, 0))).toBeLessThan(25)
  }, 60_000)

  it('draws the narration’s captions as the editor times them, only when they are on', async () => {
    const spoken = { ...photo, duration: 3, narration: 'Hello there, bright world.' }
    const frameWith = async (captions: boolean) =>
      decodeImage(
        await renderFrame({
          composition: {
            movieParams: {
              width: W,
              height: H,
              voice: 'bdl',
              captions: { ...DEFAULT_CAPTIONS, enabled: captions, position: 'bottom' },
            },
            composition: [spoken],
          },
          slideIndex: 0,
          t: 0.5,
          resolveMedia,
        }),
      )
    const [on, off] = await Promise.all([frameWith(true), frameWith(false)])
    // The top of the frame is the same picture; the bottom third carries the caption.
    const rows = (p: Picture, from: number, to: number) => ({
      width: p.width,
      height: to - from,
      data: p.data.subarray(from * p.width * 4, to * p.width * 4),
    })
    const third = Math.floor(H / 3)
    const top = (p: Picture) => rows(p, 0, third)
    const bottom = (p: Picture) => rows(p, H - third, H)
    expect(psnr(top(on), top(off))).toBeGreaterThan(40)
    expect(psnr(bottom(on), bottom(off))).toBeLessThan(25)
  }, 30_000)

  it('shows a clip at the instant asked for', async () => {
    const jpeg = await renderFrame({
      composition: composition([clip]),
      slideIndex: 0,
      t: 1.5,
      resolveMedia,
    })
    expect(mean(await decodeImage(jpeg), -1)).toBeGreaterThan(40)
  }, 30_000)
})
