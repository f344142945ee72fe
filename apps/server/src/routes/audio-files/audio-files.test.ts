import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AUDIO_UPLOAD_RULES,
  audioApi,
  compositionApi,
  mediaApi,
  storageQuotaBytes,
  userAudioUrl,
  type Composition,
} from '@storyreel/core'
import { media, users } from '../../db/schema'
import { signUp, type ApiClient } from '../../../test/client'
import { formWith, pictureFile } from '../../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../../test/test-server'

let server: TestServer
beforeAll(async () => {
  // No worker: these tests look at uploads and at what a render request accepts.
  server = await startTestServer()
})
afterAll(() => server.close())

/** A tone encoded by ffmpeg with `args` into the format `format`, as a File named `name`. */
function toneFile(name: string, format: string, args: string[], seconds = 2): File {
  // Through a file: the M4A muxer must seek back to write its index.
  const out = path.join(tmpdir(), `${randomUUID()}.${format}`)
  try {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...args,
      ...['-f', format, out],
    ])
    return new File([new Uint8Array(readFileSync(out))], name)
  } finally {
    rmSync(out, { force: true })
  }
}

const GOOD_FILES = () => [
  { file: toneFile('song.mp3', 'mp3', ['-c:a', 'libmp3lame']), ext: 'mp3', mime: 'audio/mpeg' },
  { file: toneFile('song.m4a', 'ipod', ['-c:a', 'aac']), ext: 'm4a', mime: 'audio/mp4' },
  // An M4A in the plain MP4 brand, as some phones write it.
  {
    file: toneFile('voice memo.m4a', 'mp4', ['-c:a', 'aac']),
    ext: 'm4a',
    mime: 'audio/mp4',
  },
  { file: toneFile('song.wav', 'wav', ['-c:a', 'pcm_s16le']), ext: 'wav', mime: 'audio/wav' },
  { file: toneFile('song.ogg', 'ogg', ['-c:a', 'libvorbis']), ext: 'ogg', mime: 'audio/ogg' },
]

const audioForm = (file: File) => formWith([file])

async function upload(client: ApiClient, file: File) {
  return client.call(audioApi.uploadAudio, { body: audioForm(file) })
}

async function storedFiles() {
  const dir = path.join(server.env.DATA_DIR, 'files', 'uploads')
  const entries = await readdir(dir, { recursive: true }).catch(() => [])
  return entries.filter((e) => /\.\w+$/.test(String(e)))
}

/** A one-slide composition of a picture of the user's, with `track` as its music. */
async function compositionWith(client: ApiClient, track: string): Promise<Composition> {
  const form = formWith([pictureFile('p.png')])
  const [description] = (await client.call(mediaApi.describe, { body: form })).data.descriptions
  const { content } = (
    await client.call(compositionApi.create, {
      body: { suggestion: 'A calm walk', imageDescriptions: [description!] },
    })
  ).data
  return { ...content, movieParams: { ...content.movieParams, music: { track, volume: 0.4 } } }
}

describe("the user's own audio", () => {
  it('keeps MP3, M4A, WAV and OGG under a random name, lists, serves and deletes them', async () => {
    const { client } = await signUp(server)
    const kept = []
    for (const { file, ext, mime } of GOOD_FILES()) {
      const res = await upload(client, file)
      expect(res.status, file.name).toBe(200)
      expect(res.data.name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`))
      expect(res.data.originalName).toBe(file.name)
      expect(res.data.duration).toBeCloseTo(2, 0)
      expect(res.data.size).toBe(file.size)
      expect(res.data.path).toBe(userAudioUrl(res.data.name))
      const got = await client.call(audioApi.getAudio, { params: { name: res.data.name } })
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe(mime)
      expect(got.body.equals(Buffer.from(await file.arrayBuffer()))).toBe(true)
      kept.push(res.data)
    }
    const list = await client.call(audioApi.listAudio)
    expect(list.data.map((f) => f.name).sort()).toEqual(kept.map((f) => f.name).sort())
    // The /media grid shows pictures and clips only.
    expect((await client.call(mediaApi.listUploads)).data).toEqual([])

    const gone = kept[0]!.name
    expect((await client.call(audioApi.deleteAudio, { params: { name: gone } })).status).toBe(200)
    const after = await client.call(audioApi.listAudio)
    expect(after.data.map((f) => f.name)).not.toContain(gone)
    expect((await client.call(audioApi.getAudio, { params: { name: gone } })).status).toBe(404)
    expect((await storedFiles()).some((f) => String(f).endsWith(gone))).toBe(false)
  })

  it('measures each file’s loudness when it is kept, for the preview and the render', async () => {
    const { client } = await signUp(server)
    const quiet = await upload(client, toneFile('quiet.wav', 'wav', ['-c:a', 'pcm_s16le']))
    const loud = await upload(
      client,
      toneFile('loud.mp3', 'mp3', ['-af', 'volume=6dB', '-c:a', 'libmp3lame']),
    )
    const silent = await upload(
      client,
      toneFile('silent.ogg', 'ogg', ['-af', 'volume=0', '-c:a', 'libvorbis']),
    )
    // ffmpeg's tone peaks at -18 dBFS: about -21 LUFS, whatever the format.
    expect(quiet.data.loudness).toBeGreaterThan(-24)
    expect(quiet.data.loudness).toBeLessThan(-18)
    expect(loud.data.loudness! - quiet.data.loudness!).toBeCloseTo(6, 0)
    expect(silent.data.loudness).toBeNull()
    const listed = (await client.call(audioApi.listAudio)).data
    expect(listed.find((f) => f.name === loud.data.name)?.loudness).toBe(loud.data.loudness)
  })

  it('refuses what is not audio, whatever its name says', async () => {
    const { client } = await signUp(server)
    const before = await storedFiles()
    const frameSync = Buffer.alloc(4096, 0x5a)
    frameSync.set([0xff, 0xfb, 0x90, 0x64])
    const video = execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-c:a', 'aac'],
      ...['-shortest', '-movflags', '+frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
    ])
    const picture = Buffer.from(await pictureFile('p.png').arrayBuffer())
    const refused = [
      new File(['just some words, not music'], 'notes.mp3'),
      // An MP3 frame header and nothing that decodes after it.
      new File([new Uint8Array(frameSync)], 'fake.mp3'),
      new File([new Uint8Array(picture)], 'picture.mp3'),
      new File([new Uint8Array(video)], 'video.mp3'),
      new File([new Uint8Array(video)], 'video.m4a'),
      toneFile('long.mp3', 'mp3', ['-ar', '8000', '-ac', '1', '-b:a', '8k'], 601),
    ]
    for (const file of refused) {
      const res = await upload(client, file)
      expect([res.status, res.message], file.name).toEqual([400, 'msg_unsupported_audio'])
    }
    expect((await client.call(audioApi.listAudio)).data).toEqual([])
    expect(await storedFiles()).toEqual(before)
  })

  it('refuses a file over the size limit and one past the storage quota', async () => {
    const { client, email } = await signUp(server)
    const { db } = server.app.services
    const [user] = await db.select().from(users).where(eq(users.email, email))
    const seconds = Math.ceil(AUDIO_UPLOAD_RULES.maxBytes / (44_100 * 2 * 2)) + 1
    const big = toneFile('big.wav', 'wav', ['-ac', '2', '-ar', '44100'], seconds)
    expect(big.size).toBeGreaterThan(AUDIO_UPLOAD_RULES.maxBytes)
    const tooBig = await upload(client, big)
    // Refused before it is read when its length is declared, else once the file passes the limit.
    expect([tooBig.status, tooBig.message]).toEqual([400, 'msg_unsupported_audio'])
    expect((await client.call(audioApi.listAudio)).data).toEqual([])

    // A library all but full: a small clip's worth of room left.
    await db.insert(media).values({
      userId: user!.id,
      name: `${randomUUID()}.png`,
      originalName: 'huge.png',
      kind: 'image',
      mime: 'image/png',
      size: storageQuotaBytes('FREE') - 10_000,
    })
    const full = await upload(client, toneFile('song.wav', 'wav', ['-c:a', 'pcm_s16le']))
    expect([full.status, full.message]).toEqual([403, 'msg_storage_quota_exceeded'])
    expect((await client.call(audioApi.listAudio)).data).toEqual([])
  })

  it("keeps each user's audio their own: list, get, delete and render", async () => {
    const alice = await signUp(server)
    const bob = await signUp(server)
    const mp3 = GOOD_FILES()[0]!.file
    const theirs = (await upload(alice.client, mp3)).data.name
    const mine = (await upload(bob.client, mp3)).data.name

    expect((await bob.client.call(audioApi.listAudio)).data.map((f) => f.name)).toEqual([mine])
    const get = await bob.client.call(audioApi.getAudio, { params: { name: theirs } })
    expect([get.status, get.message]).toEqual([404, 'msg_media_not_found'])
    const del = await bob.client.call(audioApi.deleteAudio, { params: { name: theirs } })
    expect([del.status, del.message]).toEqual([404, 'msg_media_not_found'])
    expect((await alice.client.call(audioApi.listAudio)).data.map((f) => f.name)).toEqual([theirs])

    const stolen = await bob.client.call(compositionApi.render, {
      body: { composition: await compositionWith(bob.client, theirs) },
    })
    expect([stolen.status, stolen.message]).toEqual([404, 'msg_media_not_found'])
    const unknown = await bob.client.call(compositionApi.render, {
      body: { composition: await compositionWith(bob.client, `${randomUUID()}.mp3`) },
    })
    expect([unknown.status, unknown.message]).toEqual([404, 'msg_media_not_found'])

    const builtIn = await bob.client.call(compositionApi.render, {
      body: { composition: await compositionWith(bob.client, 'still-water') },
    })
    expect(builtIn.status).toBe(200)
    const own = await bob.client.call(compositionApi.render, {
      body: { composition: await compositionWith(bob.client, mine) },
    })
    expect(own.status).toBe(200)
    // Its video still waits to render: its music cannot be deleted under it.
    const inUse = await bob.client.call(audioApi.deleteAudio, { params: { name: mine } })
    expect([inUse.status, inUse.message]).toEqual([409, 'msg_media_in_use'])
  })

  it('never takes an audio file as a slide', async () => {
    const { client } = await signUp(server)
    const name = (await upload(client, GOOD_FILES()[0]!.file)).data.name
    const stored = await client.call(mediaApi.describeStored, { body: { names: [name] } })
    expect(stored.status).toBe(400)
    const picture = await client.call(mediaApi.describe, {
      body: formWith([pictureFile('p.png')]),
    })
    const description = { ...picture.data.descriptions[0]!, filename: name }
    const compose = await client.call(compositionApi.create, {
      body: { suggestion: '', imageDescriptions: [description] },
    })
    expect([compose.status, compose.message]).toEqual([404, 'msg_media_not_found'])
  })
})
