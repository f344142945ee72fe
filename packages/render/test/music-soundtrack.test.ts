import { musicEnvelope, NARRATION_TARGET_LUFS, MUSIC_MIX, type GainPoint } from '@storyreel/core'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { envelopeExpressions } from '../src/node/music-soundtrack'
import { buildMusicSoundtrack, buildNarrationTrack } from '../src/node/server'
import { bandVolume, integratedLoudness, meanVolume, run, tempDir, truePeak } from './helpers'

let dir: string
/** The music stand-in: a 220 Hz tone, 4 s long, so a 10 s video loops it. */
const MUSIC_HZ = 220
/**
 * The voice stand-in: a 2 kHz tone in syllables, far from the music's band; lossless, so no
 * codec's noise fills the music's band under the ducked bed.
 */
const VOICE_HZ = 2000
const TOTAL = 10
/** The voice speaks over [3, 5.5) s of the video. */
const SPEECH = [{ start: 3, end: 5.5 }]

beforeAll(async () => {
  dir = await tempDir()
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=f=${MUSIC_HZ}:d=4`],
    ...['-af', 'volume=-30dB', '-c:a', 'aac', join(dir, 'music.m4a')],
  ])
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=f=${VOICE_HZ}:d=2.5:r=24000`],
    ...['-af', `volume='if(lt(mod(t,0.25),0.18),1,0.05)':eval=frame`, join(dir, 'voice.wav')],
  ])
  await buildNarrationTrack({
    parts: [{ file: join(dir, 'voice.wav'), start: 3, end: 6 }],
    total: TOTAL,
    outFile: join(dir, 'narration.wav'),
  })
}, 60_000)

/** The envelope's gain at t: linear between its points, as musicEnvelope defines it. */
function gainAt(points: readonly GainPoint[], t: number): number {
  const k = points.findIndex((p) => p.time > t)
  if (k <= 0) return points.at(k === 0 ? 0 : -1)!.gain
  const a = points[k - 1]!
  const b = points[k]!
  return a.gain + ((b.gain - a.gain) * (t - a.time)) / (b.time - a.time)
}

describe('envelopeExpressions', () => {
  /** A constant signal of 1, 100 frames a second, through the filters: its samples are gains. */
  async function gainsThrough(points: readonly GainPoint[], total: number) {
    const out = join(dir, 'envelope.f32')
    const filters = envelopeExpressions(points).map((e) => `volume='${e}':eval=frame`)
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=1:s=48000:n=480:d=${total}`],
      ...['-af', filters.join(','), '-f', 'f32le', '-ac', '1', out],
    ])
    const bytes = await readFile(out)
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
  }

  function expectEnvelope(samples: Float32Array, points: readonly GainPoint[], total: number) {
    for (let t = 0; t < total; t += 0.05) {
      const frame = Math.floor(t * 100) / 100
      expect(samples[Math.round(frame * 48000)]).toBeCloseTo(gainAt(points, frame), 3)
    }
  }

  it("gives ffmpeg's volume filter the gain of musicEnvelope at every time", async () => {
    const points = musicEnvelope({
      total: TOTAL,
      volume: 0.7,
      speech: [...SPEECH, { start: 7, end: 7.6 }],
    })
    expect(envelopeExpressions(points)).toHaveLength(1)
    expectEnvelope(await gainsThrough(points, TOTAL), points, TOTAL)
  })

  it('holds the envelope of 40 sentences ducked apart, which one expression of ffmpeg cannot', async () => {
    const total = 120
    const speech = Array.from({ length: 40 }, (_, k) => ({ start: 3 * k + 0.2, end: 3 * k + 2 }))
    const points = musicEnvelope({ total, volume: 0.5, speech })
    expect(envelopeExpressions(points).length).toBeGreaterThan(1)
    expectEnvelope(await gainsThrough(points, total), points, total)
  })
})

describe('buildMusicSoundtrack', () => {
  let narrated: string
  let alone: string

  beforeAll(async () => {
    narrated = join(dir, 'narrated.wav')
    alone = join(dir, 'alone.wav')
    const music = { file: join(dir, 'music.m4a'), volume: 0.5 }
    await buildMusicSoundtrack({
      music,
      narration: join(dir, 'narration.wav'),
      speech: SPEECH,
      total: TOTAL,
      outFile: narrated,
    })
    await buildMusicSoundtrack({ music, narration: null, speech: [], total: TOTAL, outFile: alone })
  }, 60_000)

  it('is a stereo 48 kHz WAV as long as the video, the music looped under all of it', async () => {
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=sample_rate,channels:format=duration'],
      ...['-of', 'json', narrated],
    ])
    const probe = JSON.parse(stdout) as {
      streams: { sample_rate: string; channels: number }[]
      format: { duration: string }
    }
    expect(probe.streams[0]).toMatchObject({ sample_rate: '48000', channels: 2 })
    expect(Number(probe.format.duration)).toBeCloseTo(TOTAL, 2)
    // Past the 4 s file's end, twice (and past the voice): still playing.
    for (const t of [1.6, 6.5, 8.2]) {
      expect(await bandVolume(narrated, t, 0.5, MUSIC_HZ)).toBeGreaterThan(-40)
    }
  })

  it('levels the narrated whole to the target loudness, its true peak under -1.5 dBTP', async () => {
    expect(await integratedLoudness(narrated)).toBeCloseTo(NARRATION_TARGET_LUFS, 0)
    expect(await truePeak(narrated)).toBeLessThanOrEqual(-1.5)
  })

  it('ducks the music by MUSIC_MIX.duckDb while the voice speaks, and keeps the voice on time', async () => {
    // Against the music alone at the same times, so only the ducking differs.
    // The ducked bed is some 55 dB under the voice: three band-passes keep the voice out of it.
    const music = (file: string, t: number) => bandVolume(file, t, 0.5, MUSIC_HZ, 3)
    const drop = async (t: number) => (await music(alone, t)) - (await music(narrated, t))
    const between = await drop(7)
    const under = await drop(4)
    expect(under - between).toBeGreaterThan(MUSIC_MIX.duckDb - 3)
    expect(under - between).toBeLessThan(MUSIC_MIX.duckDb + 2)
    const speaking = await bandVolume(narrated, 3.1, 0.4, VOICE_HZ)
    expect(speaking).toBeGreaterThan(-40)
    expect(await bandVolume(narrated, 2.4, 0.4, VOICE_HZ)).toBeLessThan(speaking - 20)
  })

  it("plays music alone at the user's volume of its levelled loudness, fading in and out", async () => {
    // Volume 0.5 is 6 dB under the target, whatever the file's own level (here 30 dB under).
    const middle = await meanVolume(alone, 3, 4)
    const full = join(dir, 'full.wav')
    await buildMusicSoundtrack({
      music: { file: join(dir, 'music.m4a'), volume: 1 },
      narration: null,
      speech: [],
      total: TOTAL,
      outFile: full,
    })
    expect((await meanVolume(full, 3, 4)) - middle).toBeCloseTo(6, 0)
    expect(await integratedLoudness(full)).toBeGreaterThan(NARRATION_TARGET_LUFS - 1.5)
    expect(await meanVolume(alone, 0, 0.2)).toBeLessThan(middle - 10)
    expect(await meanVolume(alone, TOTAL - 0.2, 0.2)).toBeLessThan(middle - 10)
  })

  it('holds the peaks of music alone under -1.5 dBTP, whatever gain brings it to its level', async () => {
    // Said to be 20 dB quieter than it is: brought to the target, its peaks would pass 0 dBFS.
    const loud = join(dir, 'loud.wav')
    await buildMusicSoundtrack({
      music: { file: join(dir, 'music.m4a'), volume: 1, integrated: NARRATION_TARGET_LUFS - 50 },
      narration: null,
      speech: [],
      total: TOTAL,
      outFile: loud,
    })
    expect(await meanVolume(loud, 3, 4)).toBeGreaterThan(-10)
    expect(await truePeak(loud)).toBeLessThanOrEqual(-1.5)
  })

  it('fails on a file no decoder plays, and on a silent one', async () => {
    const broken = join(dir, 'broken.mp3')
    await writeFile(broken, Buffer.from('ID3 this is not audio at all'.repeat(40)))
    const silent = join(dir, 'silent.wav')
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=d=3', silent])
    for (const file of [broken, silent]) {
      await expect(
        buildMusicSoundtrack({
          music: { file, volume: 0.5 },
          narration: null,
          speech: [],
          total: 4,
          outFile: join(dir, 'never.wav'),
        }),
      ).rejects.toThrow()
    }
  })
})
