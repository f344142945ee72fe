import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UPLOAD_RULES } from '@storyreel/core'
import { largestAnnouncedSide } from './clip-frames'
import { probeMedia } from './probe'
import { DEFAULT_TOOLS } from './run-tool'

const dir = mkdtempSync(path.join(tmpdir(), 'clip-frames-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Two frames of a flat picture, wider than any clip we accept but cheap to encode. */
const WIDE = `${UPLOAD_RULES.maxVideoSide + 16}x64`

const ENCODERS: Record<string, string[]> = {
  h264: ['-c:v', 'libx264'],
  hevc: ['-c:v', 'libx265', '-x265-params', 'log-level=error'],
  av1: ['-c:v', 'libaom-av1', '-cpu-used', '8'],
  vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime'],
  mpeg4: ['-c:v', 'mpeg4'],
}

function clip(codec: string, size: string): string {
  const file = path.join(dir, `${codec}-${size}.mp4`)
  const source = ['-f', 'lavfi', '-i', `color=gray:s=${size}:r=30`, '-frames:v', '2']
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...source, ...ENCODERS[codec]!, file])
  return file
}

describe('largestAnnouncedSide', () => {
  it.each(['h264', 'hevc', 'av1', 'vp9'])('reads the frame size of %s video', async (codec) => {
    const side = await largestAnnouncedSide(clip(codec, WIDE), [codec], DEFAULT_TOOLS)
    expect(side).toBe(UPLOAD_RULES.maxVideoSide + 16)
  })

  it('rejects a codec whose headers it cannot read', async () => {
    await expect(
      largestAnnouncedSide(clip('mpeg4', '64x64'), ['mpeg4'], DEFAULT_TOOLS),
    ).rejects.toThrow(/mpeg4/)
  })
})

describe('probeMedia', () => {
  it('rejects a clip whose frames are over the largest accepted side', async () => {
    await expect(probeMedia(clip('h264', WIDE))).rejects.toThrow(/frames of 4112 px/)
  })

  it('measures a clip within it', async () => {
    const info = await probeMedia(clip('hevc', '320x240'))
    expect(info).toMatchObject({ width: 320, height: 240, hasAudio: false })
  })
})
