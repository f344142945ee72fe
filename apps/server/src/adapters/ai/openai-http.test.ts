import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  chatAnswer,
  FAKE_OPENAI_KEY,
  openAiErrorAnswer,
  QUOTA_EXHAUSTED,
  SERVER_ERROR,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../test/openai-server'
import { askForJson } from './chat'
import { openAiHttp, OpenAiError } from './openai-http'

let fake: FakeOpenAi
beforeAll(async () => {
  fake = await startFakeOpenAi()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const Notes = z.object({ subject: z.string(), mood: z.string() })
/** Asks the fake for notes; its base URL ends in a slash, as a user may write it. */
const ask = (opts: { timeoutMs?: number; backoffMs?: number } = {}, signal?: AbortSignal) =>
  askForJson(
    openAiHttp({
      apiKey: FAKE_OPENAI_KEY,
      baseUrl: `${fake.url}/`,
      timeoutMs: opts.timeoutMs ?? 2000,
      backoffMs: opts.backoffMs ?? 20,
    }),
    {
      model: 'gpt-4o-mini',
      name: 'notes',
      schema: Notes,
      messages: [{ role: 'user', content: 'Describe.' }],
    },
    signal,
  )

describe('the OpenAI wire', () => {
  it('posts JSON with the bearer key and a strict json_schema response format', async () => {
    fake.queue('chat', chatAnswer({ subject: 'a cat', mood: 'sleepy' }))
    expect(await ask()).toEqual({ subject: 'a cat', mood: 'sleepy' })
    const [seen] = fake.requests
    expect(seen!.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`)
    expect(seen!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'notes',
        strict: true,
        schema: {
          type: 'object',
          properties: { subject: { type: 'string' }, mood: { type: 'string' } },
          required: ['subject', 'mood'],
          additionalProperties: false,
        },
      },
    })
  })

  it('retries a server error and a rate limit with backoff, then succeeds', async () => {
    const rateLimited = openAiErrorAnswer(
      429,
      'Rate limit reached',
      'requests',
      'rate_limit_exceeded',
    )
    fake.queue('chat', SERVER_ERROR, rateLimited, chatAnswer({ subject: 'a', mood: 'b' }))
    expect(await ask()).toEqual({ subject: 'a', mood: 'b' })
    expect(fake.requests).toHaveLength(3)
  })

  it('gives up after two retries', async () => {
    fake.queue(
      'chat',
      SERVER_ERROR,
      SERVER_ERROR,
      SERVER_ERROR,
      chatAnswer({ subject: 'a', mood: 'b' }),
    )
    await expect(ask()).rejects.toMatchObject({ name: 'OpenAiError', status: 500 })
    expect(fake.requests).toHaveLength(3)
  })

  it('does not retry an exhausted quota, and says so', async () => {
    fake.queue('chat', QUOTA_EXHAUSTED)
    const err = (await ask().catch((e: unknown) => e)) as OpenAiError
    expect(err).toBeInstanceOf(OpenAiError)
    expect(err.quotaExhausted).toBe(true)
    expect(fake.requests).toHaveLength(1)
  })

  it('gives up a try that takes longer than its time-out', async () => {
    // Bounds far from the model's delay: a busy machine is slow, never that slow.
    fake.queue('chat', { delayMs: 15_000 })
    const started = Date.now()
    await expect(ask({ timeoutMs: 300 })).rejects.toThrow('no answer within 0.3 s')
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('stops at once when the caller aborts, with the caller’s reason', async () => {
    fake.queue('chat', { delayMs: 1500 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('client gone')), 100)
    await expect(ask({ timeoutMs: 5000 }, controller.signal)).rejects.toThrow('client gone')
  })

  it('stops waiting between retries when the caller aborts', async () => {
    fake.queue('chat', openAiErrorAnswer(503, 'busy', 'server_error'))
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('client gone')), 200)
    const started = Date.now()
    await expect(ask({ backoffMs: 15_000 }, controller.signal)).rejects.toThrow('client gone')
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(fake.requests).toHaveLength(1)
  })

  it('turns malformed answers into errors', async () => {
    fake.queue('chat', { text: '{"choices": [' })
    await expect(ask()).rejects.toThrow('answered no JSON')
    fake.queue('chat', { json: { id: 'x' } })
    await expect(ask()).rejects.toThrow('malformed chat answer')
    fake.queue('chat', chatAnswer('Sure! Here is your JSON: {"subject"'))
    await expect(ask()).rejects.toThrow('answer is not JSON')
    fake.queue('chat', chatAnswer('{"subject": "a", "mo', 'length'))
    await expect(ask()).rejects.toThrow('answer cut off')
  })

  it('quotes the service’s error', async () => {
    const wrongKey = openAiHttp({ apiKey: 'sk-wrong', baseUrl: fake.url, timeoutMs: 2000 })
    await expect(wrongKey('/chat/completions', {})).rejects.toThrow(
      '401 invalid_request_error: Incorrect API key provided.',
    )
  })
})
