import { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { cookieHeader } from '@storyreel/api-client'
import {
  CSRF_HEADER,
  UPLOAD_RULES,
  authApi,
  endpointUrl,
  mediaApi,
  storageQuotaBytes,
} from '@storyreel/core'
import { media } from '../../src/db/schema'
import { findUserByEmail } from '../../src/services/users'
import { signUp, type ApiClient } from '../client'
import { bytesOf, fileOf, heavyPng, padded } from '../crafted-media'
import { formWith, pictureFile } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { onPostgres, recordTries } from './attack'
import { openUpload } from './raw-upload'
import { storedUploads } from './stored-uploads'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const MiB = 1024 * 1024

it(`20 parallel padded uploads past a FREE user's quota${onPostgres ? ' (PostgreSQL)' : ''}`, async (ctx) => {
  const { client, email } = await signUp(server)
  const user = (await findUserByEmail(server.app.services.db, email))!
  const quota = storageQuotaBytes('FREE')
  // The library is nearly full already (a row alone is what the quota counts), so 20 uploads
  // of 2 MiB each overshoot it fivefold without writing half a gigabyte in the test.
  await server.app.services.db.insert(media).values({
    userId: user.id,
    name: 'already-there.png',
    originalName: 'already-there.png',
    kind: 'image',
    mime: 'image/png',
    size: quota - 8 * MiB,
  })
  // Twenty different pictures: the same one again would be kept once, not counted again.
  const uploads = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const picture = heavyPng(await bytesOf(pictureFile('heavy.png', { hue: i * 17 })), 2 * MiB)
      return fileOf(padded(picture, MiB), 'heavy.png')
    }),
  )
  const send = (i: number) => client.call(mediaApi.describe, { body: formWith([uploads[i]!]) })
  // The first call fetches the client's CSRF token, as a browser page does once.
  const answers = [
    await send(0),
    ...(await Promise.all(Array.from({ length: 19 }, (_, i) => send(i + 1)))),
  ]
  recordTries(ctx, answers.length)

  const refused = answers.filter((a) => a.status !== 200)
  expect(refused.length).toBeGreaterThanOrEqual(16)
  for (const a of refused) expect(a.message).toBe('msg_storage_quota_exceeded')
  const rows = await server.app.services.db.select().from(media).where(eq(media.userId, user.id))
  expect(rows.reduce((sum, r) => sum + r.size, 0)).toBeLessThanOrEqual(quota)
  // What was kept is on disk at the size counted, and nothing else is.
  const stored = await storedUploads(server)
  const kept = rows.filter((r) => r.name !== 'already-there.png')
  expect([...stored.files].sort()).toEqual(kept.map((r) => [r.name, r.size]).sort())
  expect(stored.tmp).toEqual([])
})

/** A multipart body streamed in chunks without a Content-Length, as a hostile client may send. */
function streamedForm(files: { name: string; bytes: Uint8Array; zeros: number }[]) {
  const boundary = `----hostile${Date.now()}`
  const chunk = new Uint8Array(MiB)
  async function* parts() {
    for (const f of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      )
      yield f.bytes
      for (let left = f.zeros; left > 0; left -= chunk.length) {
        yield chunk.subarray(0, Math.min(chunk.length, left))
      }
      yield Buffer.from('\r\n')
    }
    yield Buffer.from(`--${boundary}--\r\n`)
  }
  return { boundary, body: Readable.toWeb(Readable.from(parts())) as ReadableStream }
}

async function postStreamed(client: ApiClient, form: ReturnType<typeof streamedForm>) {
  const { csrfToken } = (await client.call(authApi.csrfToken)).data
  const res = await fetch(server.url + endpointUrl(mediaApi.describe), {
    method: 'POST',
    headers: {
      cookie: cookieHeader(client.jar),
      [CSRF_HEADER]: csrfToken,
      'content-type': `multipart/form-data; boundary=${form.boundary}`,
    },
    body: form.body,
    duplex: 'half',
  } as RequestInit)
  return { status: res.status, ...((await res.json()) as { message: string }) }
}

it('one request of five 45 MB files, declared and streamed', { timeout: 60_000 }, async (ctx) => {
  const { client } = await signUp(server)
  const before = await storedUploads(server)
  const picture = await bytesOf(pictureFile('big.png'))
  const zeros = 45 * MiB - picture.length
  const five = Array.from({ length: 5 }, (_, i) => ({ name: `big${i}.png`, bytes: picture, zeros }))
  expect(five.length * 45 * MiB).toBeGreaterThan(UPLOAD_RULES.maxRequestBytes)

  const big = fileOf(padded(picture, zeros), 'big.png')
  const declared = await client.call(mediaApi.describe, { body: formWith(five.map(() => big)) })
  const streamed = await postStreamed(client, streamedForm(five))
  recordTries(ctx, 2)

  for (const answer of [declared, streamed]) {
    expect(answer).toMatchObject({ status: 413, message: 'msg_request_too_large' })
  }
  const after = await storedUploads(server)
  expect(after.files).toEqual(before.files)
  expect(after.rows).toHaveLength(before.rows.length)
  expect(after.tmp).toEqual([])
})

it("uploads past what is left of a FREE user's quota, declared and streamed", async (ctx) => {
  const { client, email } = await signUp(server)
  const user = (await findUserByEmail(server.app.services.db, email))!
  await server.app.services.db.insert(media).values({
    userId: user.id,
    name: 'nearly-full.png',
    originalName: 'nearly-full.png',
    kind: 'image',
    mime: 'image/png',
    size: storageQuotaBytes('FREE') - MiB,
  })
  const before = await storedUploads(server)

  // Declared past it: refused from the head alone, none of the body sent.
  const declared = await openUpload(server, client, 4 * MiB, '')
  const head = await declared.answer
  // Streamed without a length: refused once the file passes what is left.
  const picture = await bytesOf(pictureFile('big.png'))
  const streamed = await postStreamed(
    client,
    streamedForm([{ name: 'big.png', bytes: picture, zeros: 4 * MiB }]),
  )
  recordTries(ctx, 2)

  expect(head).toMatch(/^HTTP\/1\.1 403 /)
  expect(head).toContain('"message":"msg_storage_quota_exceeded"')
  expect(streamed).toMatchObject({ status: 403, message: 'msg_storage_quota_exceeded' })
  const after = await storedUploads(server)
  expect(after.files).toEqual(before.files)
  expect(after.tmp).toEqual([])
})
