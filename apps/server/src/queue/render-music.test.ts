import { execFileSync } from 'node:child_process'
import { copyFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CANCEL_REASONS,
  MUSIC_MIX,
  NARRATION_TARGET_LUFS,
  compositionApi,
  mediaApi,
  tasksApi,
  type Composition,
  type Music,
  type RenderedComposition,
  type SpeechSpan,
} from '@storyreel/core'
import { slideSpans } from '@storyreel/render/server'
import { builtInTrackFile } from '../adapters/music/built-in-music'
import { storageKeys } from '../adapters/storage/storage'
import { media } from '../db/schema'
import { integratedLoudness, truePeak, windowLevels } from '../../test/audio-measures'
import { settled, signUp, waitForTask, type ApiClient } from '../../test/client'
import { formWith, pictureFile } from '../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'
import { loadTask } from '../services/render-tasks'
import { speak, speechCacheBytes } from '../services/speech'
import { findUserByEmail } from '../services/users'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ worker: true })
}, 60_000)
afterAll(() => server.close())

/** Short sentences on long slides: music alone plays for seconds between them. */
const NARRATION = ['The light fell on the hills.', 'We walked home by the river.']
/** A female voice: little of her speech falls in the music's bass band. */
const VOICE = 'slt'
/** The music's bass, below the voice's lowest notes: where the ducking is measured. */
const BASS = 'lowpass=f=85:p=2,lowpass=f=85:p=2,lowpass=f=85:p=2'

async function pictures(client: ApiClient) {
  const described = await client.call(mediaApi.describe, {
    body: formWith([pictureFile('a.png'), pictureFile('b.jpg', { hue: 30, format: 'jpeg' })]),
  })
  return described.data.descriptions.map((d) => d.filename)
}

function composition(
  files: string[],
  opts: { music?: Music | null; voice?: typeof VOICE | null; durations?: number[] },
): Composition {
  const movieParams: Composition['movieParams'] = {
    width: 180,
    height: 320,
    voice: opts.voice === undefined ? VOICE : opts.voice,
  }
  if (opts.music !== undefined) movieParams.music = opts.music
  return {
    movieParams,
    composition: files.map((filename, k) => ({
      id: `slide${k}`,
      filename,
      duration: opts.durations?.[k] ?? 6.5,
      effects: [],
      narration: NARRATION[k],
    })),
  }
}

async function requestRender(client: ApiClient, c: Composition) {
  return client.call(compositionApi.render, { body: { composition: c } })
}

/** Renders to the end; the MP4 on disk and the task as it ended. */
async function render(client: ApiClient, c: Composition) {
  const answer = await requestRender(client, c)
  expect(answer.status).toBe(200)
  const { taskId } = answer.data
  const task = await waitForTask(client, taskId, settled, { timeoutMs: 120_000 })
  if (task.state !== 'FINISHED') return { task, file: null }
  const video = await client.call(tasksApi.result, { params: { id: taskId } })
  const file = path.join(server.env.DATA_DIR, `${taskId}.mp4`)
  await writeFile(file, video.body)
  return { task, file }
}

/** The decoded sound of an MP4, as bytes to compare. */
const pcmOf = (file: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vn', '-f', 's16le', '-'], {
    maxBuffer: 1 << 28,
  })

/** The mean of the levels of the windows of `seconds` wholly inside [from, to). */
function meanOver(levels: number[], seconds: number, from: number, to: number) {
  const inside = levels.filter((_, k) => k * seconds >= from && (k + 1) * seconds <= to)
  expect(inside.length).toBeGreaterThan(0)
  return inside.reduce((a, b) => a + b, 0) / inside.length
}

describe('a narrated render with a built-in track', () => {
  let client: ApiClient
  let files: string[]
  let mixed: string
  let rendered: RenderedComposition
  let speech: SpeechSpan[]

  beforeAll(async () => {
    ;({ client } = await signUp(server))
    files = await pictures(client)
    const music = { track: 'still-water', volume: 0.5 } as const
    const result = await render(client, composition(files, { music }))
    expect(result.task.state).toBe('FINISHED')
    mixed = result.file!
    const stored = (await loadTask(server.app.services.db, result.task.id))!
    rendered = stored.composition
    // Where the voice spoke: each slide's start, for its reading's length (from the cache).
    const deps = { ...server.app.services, cacheBytes: speechCacheBytes(server.env) }
    const spans = slideSpans(rendered.composition.map((s) => s.duration))
    speech = await Promise.all(
      NARRATION.map(async (text, k) => {
        const spoken = await speak(deps, { userId: stored.userId, text, voice: VOICE })
        return { start: spans[k]!.start, end: spans[k]!.start + spoken.seconds }
      }),
    )
  }, 240_000)

  it('is heard from start to end: 90 % of its quarter seconds above -45 dBFS', () => {
    const levels = windowLevels(mixed)
    const heard = levels.filter((l) => l > -45).length
    expect(levels.length).toBeGreaterThan(30)
    expect(heard / levels.length).toBeGreaterThanOrEqual(0.9)
  })

  it('is levelled as a whole: -16 LUFS within 1 LU, true peak at most -1.5 dBTP', () => {
    expect(Math.abs(integratedLoudness(mixed) - NARRATION_TARGET_LUFS)).toBeLessThan(1)
    expect(truePeak(mixed)).toBeLessThanOrEqual(-1.5)
  })

  it('ducks the music while the narration speaks, by 12 dB and more', async () => {
    // The same music on the same timeline without a voice: only the ducking (and the one gain
    // that levels the whole) differs between the two, whatever the music plays at each moment.
    const durations = rendered.composition.map((s) => s.duration)
    const plain = await render(
      client,
      composition(files, { music: { track: 'still-water', volume: 0.5 }, voice: null, durations }),
    )
    const ducked = windowLevels(mixed, 0.25, BASS)
    const bed = windowLevels(plain.file!, 0.25, BASS)
    const drop = (from: number, to: number) =>
      meanOver(bed, 0.25, from, to) - meanOver(ducked, 0.25, from, to)
    const { duckAttackSeconds, duckReleaseSeconds, duckDb } = MUSIC_MIX
    // The second sentence: the first starts with the video, under the music's fade-in.
    const [first, second] = speech as [SpeechSpan, SpeechSpan]
    const between = drop(first.end + duckReleaseSeconds + 0.25, second.start - duckAttackSeconds)
    const under = drop(second.start + duckAttackSeconds, second.end)
    // The voice's own low notes fill the band about 23 dB under the bed: deeper ducking reads
    // as that much.
    expect(under - between).toBeGreaterThan(12)
    expect(under - between).toBeLessThan(duckDb + 4)
  }, 240_000)
})

describe('a composition without music', () => {
  it('renders as before: the narration alone, silent between sentences, with or without the field', async () => {
    const { client } = await signUp(server)
    const files = await pictures(client)
    const old = await render(client, composition(files, {}))
    const off = await render(client, composition(files, { music: null }))
    expect(pcmOf(old.file!).equals(pcmOf(off.file!))).toBe(true)
    const levels = windowLevels(old.file!)
    expect(levels.filter((l) => l < -60).length / levels.length).toBeGreaterThan(0.3)
  }, 240_000)
})

describe("a render with the user's own audio file", () => {
  let client: ApiClient
  let userId: string
  let files: string[]

  /** Keeps an audio file in the user's library, as an upload of it does. */
  async function keepAudio(name: string, from: string) {
    await server.app.services.db.insert(media).values({
      userId,
      name,
      originalName: 'song.m4a',
      kind: 'audio',
      mime: 'audio/mp4',
      size: 1,
    })
    const tmp = path.join(server.env.DATA_DIR, `${name}.tmp`)
    await copyFile(from, tmp)
    await server.app.services.storage.putFile(storageKeys.upload(userId, name), tmp)
  }

  beforeAll(async () => {
    let email: string
    ;({ client, email } = await signUp(server))
    userId = (await findUserByEmail(server.app.services.db, email))!.id
    files = await pictures(client)
  }, 60_000)

  it('plays it under the narration', async () => {
    await keepAudio('own-song.m4a', await builtInTrackFile('bright-day'))
    const result = await render(
      client,
      composition(files, { music: { track: 'own-song.m4a', volume: 0.5 } }),
    )
    expect(result.task.state).toBe('FINISHED')
    const levels = windowLevels(result.file!)
    expect(levels.filter((l) => l > -45).length / levels.length).toBeGreaterThanOrEqual(0.9)
  }, 240_000)

  it("refuses another user's file as not found, before any render", async () => {
    await keepAudio('private-song.m4a', await builtInTrackFile('warm-hearts'))
    const other = await signUp(server)
    const theirs = await pictures(other.client)
    const answer = await requestRender(
      other.client,
      composition(theirs, { music: { track: 'private-song.m4a', volume: 0.5 } }),
    )
    expect(answer.status).toBe(404)
    expect(answer.message).toBe('msg_media_not_found')
    const missing = await requestRender(
      other.client,
      composition(theirs, { music: { track: 'nobody-has-this.mp3', volume: 0.5 } }),
    )
    expect(missing.status).toBe(404)
  })

  it('ends the task with its reason, and no video, when the file is gone or no decoder plays it', async () => {
    const broken = path.join(server.env.DATA_DIR, 'broken.mp3')
    await writeFile(broken, Buffer.from('ID3 not audio at all '.repeat(50)))
    await keepAudio('broken-song.mp3', broken)
    await keepAudio('gone-song.m4a', await builtInTrackFile('little-steps'))
    await rm(
      await server.app.services.storage.localPath(storageKeys.upload(userId, 'gone-song.m4a')),
    )
    for (const track of ['broken-song.mp3', 'gone-song.m4a']) {
      const result = await render(client, composition(files, { music: { track, volume: 0.5 } }))
      expect(result.task.state).toBe('CANCELLED')
      expect(result.task.error).toBe(CANCEL_REASONS.music_unusable.text)
      const video = await client.call(tasksApi.result, { params: { id: result.task.id } })
      expect(video.status).toBe(409)
    }
  }, 240_000)
})
