import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { VoiceId } from '@storyreel/core'
import { localStorage } from '../adapters/storage/local-storage'
import type { Storage } from '../adapters/storage/storage'
import type { VoiceEngine } from '../adapters/voice/voice'
import { speak } from './speech'

let dir: string
let storage: Storage
let calls: { text: string; voice: VoiceId }[]
let fail = false

/** An engine that takes 50 ms and says each text as its bytes. */
const voice: VoiceEngine = {
  name: 'embedded',
  async speak(text, voice) {
    calls.push({ text, voice })
    await new Promise((r) => setTimeout(r, 50))
    if (fail) throw new Error('engine down')
    return {
      mp3: Buffer.from(`${voice}:${text}`),
      seconds: 1.5,
      words: [{ text, start: 0, end: 1 }],
    }
  },
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'speech-test-'))
  storage = localStorage(path.join(dir, 'files'))
  calls = []
  fail = false
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const deps = () => ({ voice, storage, tmpDir: path.join(dir, 'tmp') })

it('speaks a text once, then answers it from storage', async () => {
  const first = await speak(deps(), 'Hello  there. ', 'slt')
  expect(first.mp3Key).toMatch(/^speech\/embedded\/slt\/[0-9a-f]{64}\.mp3$/)
  expect(await readFile(await storage.localPath(first.mp3Key), 'utf8')).toBe('slt:Hello there.')
  expect(first).toMatchObject({ seconds: 1.5, words: [{ text: 'Hello there.', start: 0, end: 1 }] })

  // The same text however it is spaced, from storage now that nothing is under way.
  const again = await speak({ voice, storage }, ' Hello\nthere.', 'slt')
  expect(again).toEqual(first)
  expect(calls).toHaveLength(1)

  await speak(deps(), 'Hello there.', 'bdl')
  expect(calls).toHaveLength(2)
})

it('shares one synthesis between identical requests at the same time', async () => {
  const answers = await Promise.all([1, 2, 3].map(() => speak(deps(), 'Same words.', 'clb')))
  expect(calls).toHaveLength(1)
  expect(new Set(answers.map((a) => a.mp3Key)).size).toBe(1)
})

it('lets a caller stop waiting while the others get the speech', async () => {
  const gone = new AbortController()
  const leaving = speak(deps(), 'Wait for me.', 'alan', gone.signal)
  const staying = speak(deps(), 'Wait for me.', 'alan')
  gone.abort(new Error('closed'))
  await expect(leaving).rejects.toThrow('closed')
  expect((await staying).seconds).toBe(1.5)
  expect(calls).toHaveLength(1)
})

it('caches nothing when the engine fails, so the next request tries again', async () => {
  fail = true
  await expect(speak(deps(), 'Try again.', 'rms')).rejects.toThrow('engine down')
  fail = false
  expect((await speak(deps(), 'Try again.', 'rms')).seconds).toBe(1.5)
  expect(calls).toHaveLength(2)
})
