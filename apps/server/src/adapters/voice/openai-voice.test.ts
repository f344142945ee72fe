import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { narrationWords } from '@storyreel/core'
import { findPauses, sentencePauseErrors } from './audio-measures'
import { embeddedVoice } from './embedded-voice'
import { OPENAI_VOICES, openAiVoice } from './openai-voice'
import type { Speech } from './voice'

const KEY = 'sk-test-key'
const STORY =
  'The river runs north past the old stone bridge. Birds gather on the bank at dawn. ' +
  'A small boat drifts slowly by the mill. Then the whole town wakes up.'

/** What the fake API was asked, and what it answers next. */
const requests: { auth?: string; type?: string; body: Record<string, unknown> }[] = []
let answer: (res: ServerResponse) => void
let recorded: Speech
let server: Server
let baseUrl: string
let dir: string

async function readJson(req: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
}

/** OpenAI's error answer, as its API writes it. */
function openAiError(status: number, message: string, type: string) {
  return (res: ServerResponse) =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message, type, param: null, code: null } }))
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'openai-voice-test-'))
  // The "OpenAI" voice is an offline one: real speech, whose pauses the test can hear.
  recorded = await embeddedVoice({ ffmpeg: 'ffmpeg' }).speak(STORY, 'clb', { owner: 'test' })
  server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/speech') {
        return openAiError(
          404,
          `Invalid URL (${req.method} ${req.url})`,
          'invalid_request_error',
        )(res)
      }
      requests.push({
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body: await readJson(req),
      })
      if (req.headers.authorization !== `Bearer ${KEY}`) {
        return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error')(res)
      }
      answer(res)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}, 60_000)
afterAll(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})

const voice = (apiKey = KEY) =>
  openAiVoice({ apiKey, baseUrl, model: 'gpt-4o-mini-tts', ffmpeg: 'ffmpeg' })
const mp3Answer = (mp3: Buffer) => (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3)

describe('OpenAI voice', () => {
  it('asks the speech API in its wire format and times the words by aligning the audio', async () => {
    answer = mp3Answer(recorded.mp3)
    const speech = await voice().speak(STORY, 'clb', { owner: 'test' })
    expect(requests.at(-1)).toEqual({
      auth: `Bearer ${KEY}`,
      type: 'application/json',
      body: { model: 'gpt-4o-mini-tts', input: STORY, voice: 'nova', response_format: 'mp3' },
    })
    expect(speech.mp3.equals(recorded.mp3)).toBe(true)
    expect(Math.abs(speech.seconds - recorded.seconds)).toBeLessThan(0.05)
    expect(speech.words.map((w) => w.text)).toEqual(narrationWords(STORY))

    // Checked against the audio itself: the pauses between sentences…
    const file = path.join(dir, 'answer.mp3')
    await writeFile(file, speech.mp3)
    const pauses = await findPauses(file, speech.seconds, { noiseDb: -30, minSeconds: 0.1 })
    const errors = sentencePauseErrors(STORY, speech.words, pauses, speech.seconds)
    expect(errors.length).toBeGreaterThanOrEqual(2)
    for (const e of errors) {
      expect(Math.abs(e.endError), `end of "${e.before}"`).toBeLessThan(0.15)
      expect(Math.abs(e.startError), `start after "${e.before}"`).toBeLessThan(0.15)
    }
    // …and every word against the times the synthesiser of that audio reported.
    speech.words.forEach((w, i) => {
      expect(Math.abs(w.start - recorded.words[i]!.start), `start of "${w.text}"`).toBeLessThan(
        0.15,
      )
    })
  })

  it('falls back to estimated times when the audio cannot be aligned with the text', async () => {
    answer = mp3Answer(recorded.mp3)
    const text = 'Completely different words were never spoken here at all, not one.'
    const speech = await voice().speak(text, 'bdl', { owner: 'test' })
    expect(requests.at(-1)!.body.voice).toBe('onyx')
    expect(speech.words.map((w) => w.text)).toEqual(narrationWords(text))
    expect(speech.words.at(-1)!.end).toBeLessThanOrEqual(speech.seconds)
  })

  it("turns OpenAI's error answers into errors that say what went wrong", async () => {
    await expect(voice('sk-wrong').speak('Hello.', 'bdl', { owner: 'test' })).rejects.toThrow(
      'OpenAI speech failed: 401 invalid_request_error: Incorrect API key provided.',
    )
    answer = openAiError(429, 'Rate limit reached for requests', 'requests')
    await expect(voice().speak('Hello.', 'bdl', { owner: 'test' })).rejects.toThrow(
      'OpenAI speech failed: 429 requests: Rate limit reached for requests',
    )
  })

  it('refuses an answer that is not audio', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>')
    await expect(voice().speak('Hello.', 'bdl', { owner: 'test' })).rejects.toThrow(/not audio/)
  })

  it('gives each of the six voices an OpenAI voice of its own', () => {
    expect(new Set(Object.values(OPENAI_VOICES)).size).toBe(6)
  })
})
