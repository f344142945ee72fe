import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { like } from 'drizzle-orm'
import { MAX_NARRATION_CHARS, MUSIC_TRACKS, audioApi, narrationSecondsBound } from '@storyreel/core'
import { apiClient, signUp } from '../../../test/client'
import { startTestServer, type TestServer } from '../../../test/test-server'
import { speechCache } from '../../db/schema'
import { findUserByEmail } from '../../services/users'

const run = promisify(execFile)
/** The editor's default preview text. */
const TEXT = 'This is an example message for the selected voice.'

let server: TestServer
let dir: string
beforeAll(async () => {
  server = await startTestServer()
  dir = await mkdtemp(path.join(tmpdir(), 'audio-test-'))
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

async function durationOf(mp3: Buffer) {
  const file = path.join(dir, `${Math.random()}.mp3`)
  await writeFile(file, mp3)
  const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]
  return Number((await run('ffprobe', args)).stdout)
}

describe('POST /api/audio/generate', () => {
  it("answers the voice reading the text as MP3, and the same bytes from the user's cache when asked again", async () => {
    const { client, email } = await signUp(server)
    const first = await client.call(audioApi.generate, { body: { text: TEXT, voice: 'bdl' } })
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('audio/mpeg')
    expect(Number(first.headers.get('content-length'))).toBe(first.body.length)
    // Nine words at 100 to 250 words a minute.
    const seconds = await durationOf(first.body)
    expect(seconds).toBeGreaterThan(9 / (250 / 60))
    expect(seconds).toBeLessThan(9 / (100 / 60))

    const user = (await findUserByEmail(server.app.services.db, email))!
    const entries = () =>
      server.app.services.db
        .select()
        .from(speechCache)
        .where(like(speechCache.key, `speech/${user.id}/%`))
    const [entry] = await entries()
    const again = await client.call(audioApi.generate, {
      body: { text: ` ${TEXT}  `, voice: 'bdl' },
    })
    expect(again.status).toBe(200)
    expect(again.body.equals(first.body)).toBe(true)
    // One entry, the same, used again.
    const [used, ...more] = await entries()
    expect(more).toEqual([])
    expect(used!.key).toBe(entry!.key)
    expect(used!.usedAt.getTime()).toBeGreaterThan(entry!.usedAt.getTime())
  })

  it('names the missing or bad fields', async () => {
    const { client } = await signUp(server)
    const cases: [unknown, string[]][] = [
      [{ voice: 'bdl' }, ['text']],
      [{ text: TEXT, voice: 'lyubov' }, ['voice']],
      [{ text: 'x'.repeat(MAX_NARRATION_CHARS + 1) }, ['text', 'voice']],
    ]
    for (const [body, fields] of cases) {
      const res = await client.unchecked<{ fields: string[] }>(audioApi.generate, { body })
      expect(res.status).toBe(400)
      expect(res.message).toBe('msg_zod_validation_error')
      expect(res.data.fields.sort()).toEqual(fields)
    }
  })

  it('refuses a text with nothing to say: punctuation and white space alone', async () => {
    const { client } = await signUp(server)
    for (const text of ['!!!', '   ...']) {
      const res = await client.unchecked<{ fields: string[] }>(audioApi.generate, {
        body: { text, voice: 'bdl' },
      })
      expect([res.status, res.message, res.data.fields]).toEqual([
        400,
        'msg_zod_validation_error',
        ['text'],
      ])
    }
  })

  it('speaks to signed-in users only', async () => {
    const res = await apiClient(server).call(audioApi.generate, {
      body: { text: TEXT, voice: 'bdl' },
    })
    expect(res.status).toBe(401)
    expect(res.message).toBe('msg_session_verification_failed')
  })

  it('refuses a fourth preview within the cooldown of three', async () => {
    const { client } = await signUp(server)
    const statuses = []
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.call(audioApi.generate, { body: { text: TEXT, voice: 'bdl' } })).status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await client.call(audioApi.generate, { body: { text: TEXT, voice: 'bdl' } })
    expect({ data: refused.data, message: refused.message }).toEqual({
      data: null,
      message: 'msg_too_many_requests',
    })
    // Another user is not held back by it.
    const other = await signUp(server)
    expect(
      (await other.client.call(audioApi.generate, { body: { text: TEXT, voice: 'bdl' } })).status,
    ).toBe(200)
  })
})

describe('POST /api/audio/length', () => {
  it('answers the length of the MP3 the render speaks, from the same cache, within the bound', async () => {
    const { client } = await signUp(server)
    const length = await client.call(audioApi.length, { body: { text: TEXT, voice: 'bdl' } })
    expect(length.status).toBe(200)
    const mp3 = await client.call(audioApi.generate, { body: { text: TEXT, voice: 'bdl' } })
    expect(Math.abs(length.data.seconds - (await durationOf(mp3.body)))).toBeLessThan(0.05)
    expect(length.data.seconds).toBeLessThanOrEqual(narrationSecondsBound(TEXT))
  })

  it('takes the fields the voice preview takes, for signed-in users only', async () => {
    const { client } = await signUp(server)
    const bad = await client.unchecked<{ fields: string[] }>(audioApi.length, {
      body: { text: '!!!', voice: 'bdl' },
    })
    expect([bad.status, bad.data.fields]).toEqual([400, ['text']])
    const anonymous = await apiClient(server).call(audioApi.length, {
      body: { text: TEXT, voice: 'bdl' },
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('GET /api/audio/music/:track', () => {
  it('answers each built-in track as AAC audio a browser may cache, in ranges too', async () => {
    const { client } = await signUp(server)
    for (const { id } of MUSIC_TRACKS) {
      const res = await client.call(audioApi.musicTrack, { params: { track: id } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('audio/mp4')
      expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
      expect(Number(res.headers.get('content-length'))).toBe(res.body.length)
      const file = path.join(dir, `${id}.m4a`)
      await writeFile(file, res.body)
      const args = ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration']
      const probe = (await run('ffprobe', [...args, '-of', 'json', file])).stdout
      const { streams, format } = JSON.parse(probe) as {
        streams: { codec_name: string }[]
        format: { duration: string }
      }
      expect(streams.map((s) => s.codec_name)).toEqual(['aac'])
      expect(Number(format.duration)).toBeGreaterThan(60)
    }
    const part = await client.call(audioApi.musicTrack, {
      params: { track: 'still-water' },
      headers: { range: 'bytes=0-99' },
    })
    expect(part.status).toBe(206)
    expect(part.body.length).toBe(100)
  })

  it('refuses a track that is not built in, and users not signed in', async () => {
    const { client } = await signUp(server)
    for (const track of ['no-such-track', '../package.json', 'still-water.m4a']) {
      const res = await client.unchecked(audioApi.musicTrack, { params: { track } })
      expect(res.status).toBe(400)
      expect(res.message).toBe('msg_zod_validation_error')
    }
    const signedOut = await apiClient(server).call(audioApi.musicTrack, {
      params: { track: 'still-water' },
    })
    expect(signedOut.status).toBe(401)
    expect(signedOut.message).toBe('msg_session_verification_failed')
  })
})
