import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { VoiceId } from '@storyreel/core'
import { startTestServer, type TestServer } from '../../test/test-server'
import { localStorage } from '../adapters/storage/local-storage'
import type { Storage } from '../adapters/storage/storage'
import type { VoiceEngine } from '../adapters/voice/voice'
import { speechCache } from '../db/schema'
import { speak, type SpeechAsk, type SpeechDeps } from './speech'

let server: TestServer
let dir: string
let storage: Storage
let calls: { text: string; voice: VoiceId; owner: string }[]
let fail = false

/** An engine that takes 50 ms and says each text as its bytes. */
const voice: VoiceEngine = {
  name: 'embedded',
  async speak(text, voice, { owner }) {
    calls.push({ text, voice, owner })
    await new Promise((r) => setTimeout(r, 50))
    if (fail) throw new Error('engine down')
    return {
      mp3: Buffer.from(`${voice}:${text}`),
      seconds: 1.5,
      words: [{ text, start: 0, end: 1 }],
    }
  },
}

// The cache's index is a table: a real database, the server's own.
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'speech-test-'))
  storage = localStorage(path.join(dir, 'files'))
  calls = []
  fail = false
  await server.app.services.db.delete(speechCache)
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const deps = (cacheBytes = 2 ** 20): SpeechDeps => ({
  voice,
  storage,
  db: server.app.services.db,
  cacheBytes,
  tmpDir: path.join(dir, 'tmp'),
})
const ask = (userId: string, text: string, voice: VoiceId = 'slt'): SpeechAsk => ({
  userId,
  text,
  voice,
})
const stored = async (key: string) => (await storage.size(key)) !== null

it("speaks a text once, then answers it from the user's cache", async () => {
  const user = randomUUID()
  const first = await speak(deps(), ask(user, 'Hello  there. '))
  expect(first.mp3Key).toMatch(new RegExp(`^speech/${user}/embedded/slt/[0-9a-f]{64}\\.mp3$`))
  expect(await readFile(await storage.localPath(first.mp3Key), 'utf8')).toBe('slt:Hello there.')
  expect(first).toMatchObject({ seconds: 1.5, words: [{ text: 'Hello there.', start: 0, end: 1 }] })
  expect(calls).toEqual([{ text: 'Hello there.', voice: 'slt', owner: user }])

  // The same text however it is spaced, from the cache now that nothing is under way.
  const again = await speak(deps(), ask(user, ' Hello\nthere.'))
  expect(again).toEqual(first)
  expect(calls).toHaveLength(1)

  await speak(deps(), ask(user, 'Hello there.', 'bdl'))
  expect(calls).toHaveLength(2)
})

it("never answers a user from another user's entry", async () => {
  const [ada, bob] = [randomUUID(), randomUUID()]
  const adas = await speak(deps(), ask(ada, 'A secret plan.'))
  const bobs = await speak(deps(), ask(bob, 'A secret plan.'))
  // Bob's text was spoken for him, in his turn, into his own entry.
  expect(calls.map((c) => c.owner)).toEqual([ada, bob])
  expect(bobs.mp3Key).not.toBe(adas.mp3Key)
  expect(await stored(adas.mp3Key)).toBe(true)
  expect(await stored(bobs.mp3Key)).toBe(true)
})

it("shares one synthesis between a user's identical requests at the same time", async () => {
  const user = randomUUID()
  const answers = await Promise.all([1, 2, 3].map(() => speak(deps(), ask(user, 'Same words.'))))
  expect(calls).toHaveLength(1)
  expect(new Set(answers.map((a) => a.mp3Key)).size).toBe(1)
})

it('lets a caller stop waiting while the others get the speech', async () => {
  const user = randomUUID()
  const gone = new AbortController()
  const leaving = speak(deps(), ask(user, 'Wait for me.', 'alan'), gone.signal)
  const staying = speak(deps(), ask(user, 'Wait for me.', 'alan'))
  gone.abort(new Error('closed'))
  await expect(leaving).rejects.toThrow('closed')
  expect((await staying).seconds).toBe(1.5)
  expect(calls).toHaveLength(1)
})

it('caches nothing when the engine fails, so the next request tries again', async () => {
  const user = randomUUID()
  fail = true
  await expect(speak(deps(), ask(user, 'Try again.', 'rms'))).rejects.toThrow('engine down')
  fail = false
  expect((await speak(deps(), ask(user, 'Try again.', 'rms'))).seconds).toBe(1.5)
  expect(calls).toHaveLength(2)
})

/** What one entry of the fake engine holds: its MP3 and its JSON. */
function entryBytes(text: string, voiceId: VoiceId = 'slt') {
  const json = JSON.stringify({ seconds: 1.5, words: [{ text, start: 0, end: 1 }] })
  return Buffer.byteLength(`${voiceId}:${text}`) + Buffer.byteLength(json)
}

it('removes the least recently used entries past its cap, whoever they belong to', async () => {
  const [ada, bob] = [randomUUID(), randomUUID()]
  // Room for two entries of these texts, not three.
  const cap = Math.floor(2.5 * entryBytes('Text A.'))
  const a = await speak(deps(cap), ask(ada, 'Text A.'))
  const b = await speak(deps(cap), ask(bob, 'Text B.'))
  // A is used again, so B is now the least recently used.
  await speak(deps(cap), ask(ada, 'Text A.'))
  expect(calls).toHaveLength(2)
  const c = await speak(deps(cap), ask(ada, 'Text C.'))

  expect(await stored(a.mp3Key)).toBe(true)
  expect(await stored(c.mp3Key)).toBe(true)
  expect(await stored(b.mp3Key)).toBe(false)
  expect(await stored(b.mp3Key.replace(/\.mp3$/, '.json'))).toBe(false)
  const index = await server.app.services.db.select().from(speechCache)
  expect(index.map((e) => e.key).sort()).toEqual([a.mp3Key, c.mp3Key].sort())
  expect(index.reduce((sum, e) => sum + e.bytes, 0)).toBeLessThanOrEqual(cap)

  // B is spoken again when asked again.
  await speak(deps(cap), ask(bob, 'Text B.'))
  expect(calls.map((call) => call.text)).toEqual(['Text A.', 'Text B.', 'Text C.', 'Text B.'])
})

it('keeps the entry just spoken even when it alone is past the cap', async () => {
  const user = randomUUID()
  const old = await speak(deps(), ask(user, 'Short.'))
  const long = await speak(deps(10), ask(user, 'A text longer than ten bytes.'))
  expect(await stored(long.mp3Key)).toBe(true)
  expect(await stored(old.mp3Key)).toBe(false)
})
