import { createHash, randomInt } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MAX_NARRATION_CHARS, audioApi } from '@storyreel/core'
import { storageKeys } from '../../src/adapters/storage/storage'
import { speechCache } from '../../src/db/schema'
import { speechText } from '../../src/services/speech'
import { findUserByEmail } from '../../src/services/users'
import { signUp } from '../client'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'

/** A small speech cache, so that the flood overfills it many times over: 2 MiB. */
const CACHE_MB = 2
const MiB = 2 ** 20

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ env: { SPEECH_CACHE_MB: String(CACHE_MB) } })
})
afterAll(() => server.close())

/** The editor's default preview text. */
const PREVIEW = 'This is an example message for the selected voice.'
/** The costliest text a preview takes: digits, each read as a word (about 0.9 MB of MP3). */
const digits = () => Array.from({ length: MAX_NARRATION_CHARS }, () => randomInt(10)).join('')

/** Every file of the speech cache on disk: key and size. */
async function speechFiles(): Promise<Map<string, number>> {
  const root = path.join(server.env.DATA_DIR, 'files')
  const files = new Map<string, number>()
  const entries = await readdir(path.join(root, 'speech'), { recursive: true }).catch(() => [])
  for (const entry of entries) {
    const file = path.join(root, 'speech', entry)
    const info = await stat(file)
    if (info.isFile()) files.set(path.relative(root, file), info.size)
  }
  return files
}

it('four accounts flood the voice with unique 400-digit texts, to starve a preview and fill the disk', async (ctx) => {
  const flooders = await Promise.all([1, 2, 3, 4].map(() => signUp(server)))
  // Signing in dropped the CSRF secret: each account's parallel calls share one new token, as
  // the editor's page does.
  for (const { client } of flooders) client.forgetCsrf()
  const bystander = await signUp(server)
  // Three each: as many as the preview's rate limit lets one account send at once.
  let floodAnswered = 0
  const flood = flooders.flatMap(({ client }) =>
    [1, 2, 3].map(async () => {
      const res = await client.call(audioApi.generate, { body: { text: digits(), voice: 'bdl' } })
      floodAnswered++
      return res.status
    }),
  )
  // Once the voice has worked through one text of the flood, the rest waits in line.
  await Promise.race(flood)
  const floodWaiting = flood.length - floodAnswered
  const preview = await bystander.client.call(audioApi.generate, {
    body: { text: PREVIEW, voice: 'bdl' },
  })
  // Flood texts answered while the preview waited.
  const floodFirst = floodAnswered - (flood.length - floodWaiting)
  const statuses = await Promise.all(flood)
  recordTries(ctx, flood.length + 1)

  expect(preview.status).toBe(200)
  expect(preview.headers.get('content-type')).toBe('audio/mpeg')
  expect(statuses).toEqual(flood.map(() => 200))
  // In arrival order the preview would wait for the whole backlog; with users taking turns, at
  // most one text of each flooder goes first.
  expect(floodWaiting).toBeGreaterThan(2 * flooders.length)
  expect(floodFirst).toBeLessThanOrEqual(flooders.length)

  // The cache stayed within its cap (beside the entry just spoken, which its caller reads), and
  // what is on disk is what its index counts: nothing left uncounted.
  const files = await speechFiles()
  const onDisk = [...files.values()].reduce((a, b) => a + b, 0)
  const largest = Math.max(...files.values())
  expect(onDisk).toBeLessThanOrEqual(CACHE_MB * MiB + largest)
  const index = await server.app.services.db.select().from(speechCache)
  expect(index.length).toBeLessThan(flood.length + 1)
  expect([...files.keys()].filter((k) => k.endsWith('.mp3')).sort()).toEqual(
    index.map((e) => e.key).sort(),
  )
}, 300_000)

it('one user asks for the text another had spoken, to learn it from the cache', async (ctx) => {
  const ada = await signUp(server)
  const bob = await signUp(server)
  const secret = 'We sign the merger with Initech on Friday.'
  expect(
    (await ada.client.call(audioApi.generate, { body: { text: secret, voice: 'slt' } })).status,
  ).toBe(200)
  const bobs = await bob.client.call(audioApi.generate, { body: { text: secret, voice: 'slt' } })
  recordTries(ctx, 2)
  expect(bobs.status).toBe(200)

  // Bob's answer was spoken for him into his own entry: Ada's entry served nobody but Ada.
  const hash = createHash('sha256').update(speechText(secret)).digest('hex')
  const keys = await Promise.all(
    [ada, bob].map(async ({ email }) => {
      const user = (await findUserByEmail(server.app.services.db, email))!
      return storageKeys.speech(user.id, 'embedded', 'slt', hash, 'mp3')
    }),
  )
  const files = await speechFiles()
  expect(files.has(keys[0]!)).toBe(true)
  expect(files.has(keys[1]!)).toBe(true)
  expect([...files.keys()].filter((k) => k.includes(hash))).toHaveLength(4)
})
