import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_RULES, authApi, mediaApi, uploadUrl } from '@storyreel/core'
import { apiClient, signUp } from '../../../test/client'
import { bytesOf, fileOf } from '../../../test/crafted-media'
import {
  clipFile,
  formWith,
  photoFile,
  pictureFile,
  withExifOrientation,
} from '../../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ logs: true })
})
afterAll(() => server.close())

async function storedFiles(userDir = '') {
  const dir = path.join(server.env.DATA_DIR, 'files', 'uploads', userDir)
  const entries = await readdir(dir, { recursive: true }).catch(() => [])
  // Only files: a user's emptied folder may stay behind.
  return entries.filter((e) => /\.\w+$/.test(String(e)))
}

describe('uploads and analysis', () => {
  it('stores each file under a random name and really describes it', async () => {
    const { client } = await signUp(server)
    const form = formWith(
      [
        pictureFile('beach.png', { width: 640, height: 360, hue: 200 }),
        pictureFile('portrait.jpg', { width: 300, height: 500, hue: 20, format: 'jpeg' }),
      ],
      { suggestion: 'A day at the sea' },
    )
    const res = await client.call(mediaApi.describe, { body: form })
    expect(res.status).toBe(200)
    const [a, b] = res.data.descriptions
    expect(a).toMatchObject({ kind: 'image', width: 640, height: 360, orientation: 'landscape' })
    expect(b).toMatchObject({ kind: 'image', width: 300, height: 500, orientation: 'portrait' })
    expect(a!.filename).toMatch(/^[0-9a-f-]{36}\.png$/)
    expect(b!.filename).toMatch(/^[0-9a-f-]{36}\.jpg$/)
    // Blue-ish gradient for the first, orange for the second: the analysis looks at the pixels.
    const blue = parseInt(a!.dominantColors[0]!.slice(5, 7), 16)
    const red = parseInt(a!.dominantColors[0]!.slice(1, 3), 16)
    expect(blue).toBeGreaterThan(red)
    expect(a!.brightness).toBeGreaterThan(0.2)
    expect(a!.brightness).toBeLessThan(0.9)
    // The bright disc sits right of centre and high: the focus leans that way.
    expect(a!.focus.x).toBeGreaterThan(50)
    expect(a!.focus.y).toBeLessThan(50)
    expect(a!.summary).toMatch(/picture/)
    expect(a!.mediaFile?.path).toBe(uploadUrl(a!.filename))

    const list = await client.call(mediaApi.listUploads, { query: { compressed: 'true' } })
    expect(list.data.map((m) => m.name).sort()).toEqual([a!.filename, b!.filename].sort())

    const file = await client.call(mediaApi.getUpload, { params: { name: a!.filename } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.body.subarray(1, 4).toString()).toBe('PNG')
  })

  it('describes files already in the library where they are, for their owner only', async () => {
    const { client } = await signUp(server)
    const form = formWith([pictureFile('a.png', { width: 320, height: 200, hue: 120 })])
    const [stored] = (await client.call(mediaApi.describe, { body: form })).data.descriptions
    const before = await storedFiles()

    const again = await client.call(mediaApi.describeStored, {
      body: { names: [stored!.filename] },
    })
    expect(again.status).toBe(200)
    expect(again.data.descriptions).toEqual([stored])
    // Nothing was stored a second time.
    expect(await storedFiles()).toEqual(before)

    const stranger = (await signUp(server)).client
    const theirs = await stranger.call(mediaApi.describeStored, {
      body: { names: [stored!.filename] },
    })
    expect(theirs.status).toBe(404)
    expect(theirs.message).toBe('msg_media_not_found')
    const climbing = await client.call(mediaApi.describeStored, { body: { names: ['../x.png'] } })
    expect(climbing.status).toBe(400)
  })

  it('describes an MP4 clip: size, length and its look from a decoded frame', async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.describe, { body: formWith([clipFile('clip.mp4', 2)]) })
    expect(res.status).toBe(200)
    const d = res.data.descriptions[0]!
    expect(d).toMatchObject({ kind: 'video', width: 320, height: 240, orientation: 'landscape' })
    expect(d.filename).toMatch(/\.mp4$/)
    expect(d.duration).toBeCloseTo(2, 0)
    expect(d.dominantColors.length).toBeGreaterThan(1)
    expect(d.summary).toMatch(/video clip/)
    expect(d.mediaFile).toMatchObject({ type: 'video', videoPath: d.mediaFile?.path })
  })

  it('names what real photographs show, and where, and keeps them to their owner', async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.describe, {
      body: formWith([await photoFile('cat.jpg'), await photoFile('path.jpg')]),
    })
    expect(res.status).toBe(200)
    const [cat, path] = res.data.descriptions
    expect(cat!.subject).toBe('a cat')
    expect(cat!.subjects![0]).toMatchObject({ label: 'cat' })
    expect(cat!.subjects![0]!.box.width).toBeGreaterThan(50)
    expect(path!.subjects).toBeUndefined()
    const stranger = await signUp(server)
    const theirs = await stranger.client.call(mediaApi.describeStored, {
      body: { names: [cat!.filename] },
    })
    expect(theirs.status).toBe(404)
  })

  it('sees a phone photo the way it is shown, turned by its EXIF orientation', async () => {
    const { client } = await signUp(server)
    const sensor = pictureFile('phone.jpg', { width: 320, height: 240, format: 'jpeg' })
    const res = await client.call(mediaApi.describe, {
      body: formWith([await withExifOrientation(sensor, 6)]),
    })
    expect(res.data.descriptions[0]).toMatchObject({
      width: 240,
      height: 320,
      orientation: 'portrait',
    })
  })

  it('refuses a .png that is really a text file, and keeps nothing of the request', async () => {
    const { client } = await signUp(server)
    const before = await storedFiles()
    const fake = new File(['hello, I am not a picture at all'], 'photo.png', { type: 'image/png' })
    const res = await client.call(mediaApi.describe, {
      body: formWith([pictureFile('ok.png'), fake]),
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_unsupported_file')
    expect(await storedFiles()).toEqual(before)
    const list = await client.call(mediaApi.listUploads)
    expect(list.data).toEqual([])
  })

  it('refuses a file over 50 MB', async () => {
    const { client } = await signUp(server)
    const png = Buffer.from(await pictureFile('big.png').arrayBuffer())
    const big = Buffer.alloc(51 * 1024 * 1024)
    png.copy(big)
    const res = await client.call(mediaApi.describe, {
      body: formWith([new File([big], 'big.png', { type: 'image/png' })]),
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_unsupported_file')
    const list = await client.call(mediaApi.listUploads)
    expect(list.data).toEqual([])
    expect(await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])).toEqual([])
  })

  it('refuses clips over 4096 pixels on a side or 10 minutes long, before decoding them', async () => {
    const { client } = await signUp(server)
    const wide = clipFile('wide.mp4', 1, 4112, 16)
    const long = clipFile('long.mp4', UPLOAD_RULES.maxVideoSeconds + 5, 16, 16)
    for (const clip of [wide, long]) {
      const res = await client.call(mediaApi.describe, { body: formWith([clip]) })
      expect(res).toMatchObject({ status: 400, message: 'msg_unsupported_file' })
    }
    expect((await client.call(mediaApi.listUploads)).data).toEqual([])
  })

  it('removes a stored file again when it cannot be decoded', async () => {
    const { client } = await signUp(server)
    // A well-formed PNG container whose pixel data is noise.
    const png = await bytesOf(pictureFile('x.png'))
    const idat = png.indexOf('IDAT') + 4
    png.fill(0x5a, idat, idat + 200)
    const before = await storedFiles()
    const res = await client.call(mediaApi.describe, {
      body: formWith([pictureFile('ok.png'), fileOf(png, 'broken.png')]),
    })
    expect(res).toMatchObject({ status: 400, message: 'msg_unsupported_file' })
    expect(await storedFiles()).toEqual(before)
    expect((await client.call(mediaApi.listUploads)).data).toEqual([])
  })

  it('answers msg_no_files without files', async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.describe, { body: formWith([], { suggestion: 'x' }) })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_no_files')
  })

  it('answers a malformed multipart body with a 400, keeps nothing and logs no error', async () => {
    const { client } = await signUp(server)
    const { csrfToken } = await client.ok(authApi.csrfToken)
    const before = await storedFiles()
    const head =
      '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n' +
      'Content-Type: image/png\r\n\r\n\x89PNG'
    const bodies = [
      ['multipart/form-data; boundary=x', head], // cut off inside its file
      ['multipart/form-data; boundary=x', 'not multipart at all'],
      ['multipart/form-data', head], // no boundary
    ]
    for (const [type, body] of bodies) {
      const res = await fetch(`${server.url}/api/media/describe`, {
        method: 'POST',
        headers: {
          cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': csrfToken,
          'content-type': type!,
        },
        body,
      })
      expect(res.status, body).toBe(400)
      expect(await res.json()).toEqual({ data: null, message: 'generic_error_message' })
    }
    expect(await storedFiles()).toEqual(before)
    const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])
    expect(tmp).toEqual([])
    expect(server.logs.filter((e) => Number(e.level) >= 50)).toEqual([])
  })

  it("keeps one user's uploads from another", async () => {
    const alice = await signUp(server)
    const bob = await signUp(server)
    const up = await alice.client.call(mediaApi.describe, {
      body: formWith([pictureFile('a.png')]),
    })
    const name = up.data.descriptions[0]!.filename
    const get = await bob.client.call(mediaApi.getUpload, { params: { name } })
    expect(get.status).toBe(404)
    expect(get.message).toBe('msg_media_not_found')
    const del = await bob.client.call(mediaApi.deleteUpload, { params: { name } })
    expect(del.status).toBe(404)
    expect((await bob.client.call(mediaApi.listUploads)).data).toEqual([])
    // Still there for its owner.
    expect((await alice.client.call(mediaApi.getUpload, { params: { name } })).status).toBe(200)
  })

  it('keeps a file uploaded twice once, for each of its owners', async () => {
    const alice = await signUp(server)
    const bob = await signUp(server)
    const upload = async (client: typeof alice.client, name: string) =>
      (await client.ok(mediaApi.describe, { body: formWith([pictureFile(name, { hue: 77 })]) }))
        .descriptions[0]!.filename
    const first = await upload(alice.client, 'lake.png')
    // The same bytes under another name: the file already kept answers.
    expect(await upload(alice.client, 'lake-again.png')).toBe(first)
    expect((await alice.client.ok(mediaApi.listUploads)).map((m) => m.name)).toEqual([first])
    expect((await storedFiles()).filter((f) => String(f).endsWith(first))).toHaveLength(1)
    // Another user's copy is their own.
    const theirs = await upload(bob.client, 'lake.png')
    expect(theirs).not.toBe(first)
    expect((await bob.client.ok(mediaApi.listUploads)).map((m) => m.name)).toEqual([theirs])
    // A different picture is a new file.
    const other = (
      await alice.client.ok(mediaApi.describe, {
        body: formWith([pictureFile('hill.png', { hue: 140 })]),
      })
    ).descriptions[0]!.filename
    expect(other).not.toBe(first)
  })

  it('deletes an upload for its owner, file and all', async () => {
    const { client } = await signUp(server)
    const up = await client.call(mediaApi.describe, { body: formWith([pictureFile('d.png')]) })
    const name = up.data.descriptions[0]!.filename
    expect((await client.call(mediaApi.deleteUpload, { params: { name } })).status).toBe(200)
    expect((await client.call(mediaApi.getUpload, { params: { name } })).status).toBe(404)
    expect((await storedFiles()).some((f) => String(f).endsWith(name))).toBe(false)
  })

  it('refuses names that try to climb out of the store', async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.getUpload, { params: { name: '../../secret' } })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_zod_validation_error')
  })

  it('needs a session', async () => {
    const res = await apiClient(server).call(mediaApi.listUploads)
    expect(res.status).toBe(401)
    expect(res.message).toBe('msg_session_verification_failed')
  })
})
