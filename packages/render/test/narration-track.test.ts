import { NARRATION_TARGET_LUFS } from '@storyreel/core'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildNarrationTrack } from '../src/node/server'
import { integratedLoudness, run, soundStarts, tempDir } from './helpers'

let dir: string

/** A voice-like test signal: a tone in bursts (syllables) at a given level, as MP3. */
async function writeSpeech(file: string, seconds: number, volumeDb: number, hz: number) {
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=${hz}:d=${seconds}:r=24000`],
    ...['-af', `volume=${volumeDb}dB,volume='if(lt(mod(t,0.25),0.18),1,0.05)':eval=frame`],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', file],
  ])
}

beforeAll(async () => {
  dir = await tempDir()
  await writeSpeech(join(dir, 'quiet.mp3'), 2, -35, 300)
  await writeSpeech(join(dir, 'loud.mp3'), 1.5, -6, 500)
  await writeSpeech(join(dir, 'long.mp3'), 4, -20, 400)
}, 60_000)

describe('buildNarrationTrack', () => {
  let track: string
  const parts = () => [
    { file: join(dir, 'quiet.mp3'), start: 0, end: 2.4 },
    { file: join(dir, 'loud.mp3'), start: 2.4, end: 4.5 },
    // Longer than its slide: cut at the slide's end.
    { file: join(dir, 'long.mp3'), start: 5.1, end: 7 },
  ]

  beforeAll(async () => {
    track = join(dir, 'track.wav')
    await buildNarrationTrack({ parts: parts(), total: 8, outFile: track })
  }, 60_000)

  it('is a 48 kHz WAV as long as the video', async () => {
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels'],
      ...['-of', 'json', track],
    ])
    expect(JSON.parse(stdout).streams[0]).toMatchObject({
      codec_name: 'pcm_s16le',
      sample_rate: '48000',
    })
    const { stdout: length } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', track],
    ])
    expect(Number(length)).toBeCloseTo(8, 2)
  })

  it('levels the whole track to the target loudness, whatever each part was', async () => {
    expect(await integratedLoudness(track)).toBeCloseTo(NARRATION_TARGET_LUFS, 0)
  })

  it("starts each part exactly at its slide's start and cuts it at the slide's end", async () => {
    const starts = await soundStarts(track)
    expect(starts).toHaveLength(3)
    for (const [k, p] of parts().entries()) expect(starts[k]!).toBeCloseTo(p.start, 1)
    const { stderr } = await run('ffmpeg', [
      ...['-hide_banner', '-nostats', '-ss', '7', '-i', track],
      ...['-af', 'volumedetect', '-f', 'null', '-'],
    ])
    expect(stderr).toMatch(/max_volume: -(9\d|inf)/)
  })

  it('fails on a file that is not audio, naming ffmpeg', async () => {
    await expect(
      buildNarrationTrack({
        parts: [{ file: join(dir, 'missing.mp3'), start: 0, end: 1 }],
        total: 1,
        outFile: join(dir, 'bad.wav'),
      }),
    ).rejects.toThrow(/ffmpeg exited/)
  })
})
