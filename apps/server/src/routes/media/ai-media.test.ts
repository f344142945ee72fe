import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mediaApi } from '@storyreel/core'
import type { GenerateImagesBody, PlanType } from '@storyreel/core'
import { users } from '../../db/schema'
import { signUp } from '../../../test/client'
import { clipFile, formWith, photoFile, pictureFile } from '../../../test/media-fixtures'
import {
  openAiErrorAnswer,
  PICTURE_NOTES,
  QUOTA_EXHAUSTED,
  SERVER_ERROR,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../test/openai-server'
import { startTestServer, type TestServer } from '../../../test/test-server'

let fake: FakeOpenAi
let server: TestServer
/** The same server without an OpenAI key: the embedded engine. */
let keyless: TestServer
beforeAll(async () => {
  fake = await startFakeOpenAi()
  ;[server, keyless] = await Promise.all([
    startTestServer({ env: { ...fake.env, OPENAI_TIMEOUT_SECONDS: '2' } }),
    startTestServer(),
  ])
})
afterAll(async () => {
  await Promise.all([server.close(), keyless.close()])
  await fake.close()
})
beforeEach(() => fake.reset())

async function userOn(on: TestServer, plan: PlanType = 'FREE') {
  const user = await signUp(on)
  await on.app.services.db.update(users).set({ plan }).where(eq(users.email, user.email))
  return user
}

const describeForm = () =>
  formWith([pictureFile('coast.png', { width: 640, height: 360 }), clipFile('waves.mp4', 1)], {
    suggestion: 'A day at the coast',
  })

describe('describe with a vision model', () => {
  it('adds subject, mood, a summary and a measured calm region, asked with the suggestion', async () => {
    const { client } = await userOn(server)
    const res = await client.call(mediaApi.describe, { body: describeForm() })
    expect(res.status).toBe(200)
    for (const d of res.data.descriptions) {
      expect(d).toMatchObject({
        subject: PICTURE_NOTES.subject,
        mood: PICTURE_NOTES.mood,
        summary: PICTURE_NOTES.summary,
        calmRegion: { ...PICTURE_NOTES.calmRegion, luma: expect.any(Number) },
      })
    }
    // One vision call per file, the clip's through its still, each a small JPEG and the idea.
    const calls = fake.requests.filter((r) => r.endpoint === 'chat')
    expect(calls).toHaveLength(2)
    for (const call of calls) {
      expect(call.body.model).toBe('gpt-4o-mini')
      const user = (call.body.messages as { role: string; content: unknown }[])[1]!
      const [text, image] = user.content as [
        { text: string },
        { image_url: { url: string; detail: string } },
      ]
      expect(text.text).toContain('A day at the coast')
      expect(image.image_url.url).toMatch(/^data:image\/jpeg;base64,/)
      expect(image.image_url.detail).toBe('low')
      // Small: a 512 px JPEG.
      expect(image.image_url.url.length).toBeLessThan(200_000)
    }
  })

  it('tells the model what the offline detector found, and where', async () => {
    const { client } = await userOn(server)
    const form = formWith([await photoFile('cat.jpg')], { suggestion: 'Our cat' })
    const res = await client.call(mediaApi.describe, { body: form })
    expect(res.status).toBe(200)
    // The model's words name the subject; the detector's boxes stay.
    expect(res.data.descriptions[0]).toMatchObject({
      subject: PICTURE_NOTES.subject,
      subjects: [{ label: 'cat' }],
    })
    const [call] = fake.requests.filter((r) => r.endpoint === 'chat')
    const user = (call!.body.messages as { content: [{ text: string }] }[])[1]!
    expect(user.content[0].text).toMatch(/object detector found a cat: cat at x \d/)
  })

  it('describes stored files the same way', async () => {
    const { client } = await userOn(server)
    const stored = await client.call(mediaApi.describe, { body: describeForm() })
    fake.reset()
    const names = stored.data.descriptions.map((d) => d.filename)
    const res = await client.call(mediaApi.describeStored, {
      body: { names, suggestion: 'Waves' },
    })
    expect(res.status).toBe(200)
    expect(res.data.descriptions.map((d) => [d.filename, d.subject])).toEqual(
      names.map((n) => [n, PICTURE_NOTES.subject]),
    )
    expect(fake.requests).toHaveLength(2)
  })

  it('keeps the local description when the model fails, is malformed or too slow', async () => {
    /** Far longer than the local analysis of a picture and a clip takes, however busy the machine. */
    const MODEL_DELAY_MS = 45_000
    const { client } = await userOn(server)
    // Picture and clip are seen at once: one fails three times over, the other answers no JSON.
    fake.queue('chat', SERVER_ERROR, { text: '{"choices": [' }, SERVER_ERROR, SERVER_ERROR)
    const failed = await client.call(mediaApi.describe, { body: describeForm() })
    expect(failed.status).toBe(200)
    expect(failed.data.descriptions).toHaveLength(2)
    for (const d of failed.data.descriptions) {
      expect(d.subject).toBeUndefined()
      expect(d.summary).toMatch(/^A .* (picture|video clip) in .* tones\.$/)
    }

    fake.queue('chat', { delayMs: MODEL_DELAY_MS }, { delayMs: MODEL_DELAY_MS })
    const started = Date.now()
    const slow = await client.call(mediaApi.describe, { body: describeForm() })
    expect(slow.status).toBe(200)
    expect(slow.data.descriptions.every((d) => d.subject === undefined)).toBe(true)
    // The vision calls time out (2 s here) instead of waiting for the model: the describe ends
    // well before its answers would come. The margin is the local analysis's time, 12.6 s on a
    // busy machine, which a bound of 12 s did not leave.
    expect(Date.now() - started).toBeLessThan(MODEL_DELAY_MS - 5_000)
    // Two describes of a picture and a clip, each looked at by the detector: on a busy machine
    // more than the default 30 s.
  }, 90_000)
})

const generate = (body: Partial<GenerateImagesBody> = {}): GenerateImagesBody => ({
  prompt: 'A lighthouse at dawn',
  model: 'dall-e-2',
  size: '1792x1024',
  quality: 'hd',
  n: 2,
  ...body,
})

describe('POST /media/dalle', () => {
  it('makes the images and keeps them in the library with their previews', async () => {
    const { client } = await userOn(server, 'PRO')
    const res = await client.call(mediaApi.generateImages, { body: generate() })
    expect(res.status).toBe(200)
    expect(res.data).toHaveLength(2)
    // DALL·E 2 draws squares and has no quality choice; the style is never sent.
    expect(fake.requests.map((r) => r.body)).toEqual([
      {
        model: 'dall-e-2',
        prompt: 'A lighthouse at dawn',
        n: 2,
        size: '1024x1024',
        response_format: 'b64_json',
      },
    ])

    const library = await client.call(mediaApi.listUploads, { query: { compressed: 'true' } })
    expect(library.data.map((f) => f.name).sort()).toEqual(
      res.data.map((item) => item.mediaFile.name).sort(),
    )
    for (const item of res.data) {
      expect(item.path).toBe(item.mediaFile.path)
      expect(item.mediaFile).toMatchObject({ type: 'image', isExternalProvider: false })
      expect(item.mediaFile.name).toMatch(/^[0-9a-f-]{36}\.png$/)
      const image = await client.raw({ method: 'GET', path: item.path })
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
      const preview = await client.raw({ method: 'GET', path: item.mediaFile.compressedUrl! })
      expect(preview.status).toBe(200)
      expect(preview.headers.get('content-type')).toBe('image/webp')
    }
  })

  it('sends DALL·E 3 its size and quality', async () => {
    const { client } = await userOn(server, 'PRO')
    const res = await client.call(mediaApi.generateImages, {
      body: generate({ model: 'dall-e-3', n: 1 }),
    })
    expect(res.status).toBe(200)
    expect(res.data).toHaveLength(1)
    expect(fake.requests[0]!.body).toMatchObject({ size: '1792x1024', quality: 'hd', n: 1 })
  })

  it('is for PRO only, and DALL·E 3 makes one image at a time', async () => {
    for (const plan of ['FREE', 'STARTER'] as const) {
      const { client } = await userOn(server, plan)
      const res = await client.call(mediaApi.generateImages, { body: generate() })
      expect([res.status, res.message]).toEqual([403, 'msg_higher_subscription_required'])
    }
    const { client } = await userOn(server, 'PRO')
    const three = await client.call(mediaApi.generateImages, {
      body: generate({ model: 'dall-e-3', n: 2 }),
    })
    expect([three.status, three.message]).toEqual([403, 'msg_higher_subscription_required'])
    expect(fake.requests).toEqual([])
  })

  it('checks the prompt', async () => {
    const { client } = await userOn(server, 'PRO')
    for (const prompt of ['   ', 'x'.repeat(1001)]) {
      const res = await client.unchecked<{ fields: string[] }>(mediaApi.generateImages, {
        body: generate({ prompt }),
      })
      expect([res.status, res.message, res.data.fields]).toEqual([
        400,
        'msg_zod_validation_error',
        ['prompt'],
      ])
    }
    // DALL·E 3 reads longer prompts.
    const long = await client.call(mediaApi.generateImages, {
      body: generate({ model: 'dall-e-3', n: 1, prompt: 'x'.repeat(1001) }),
    })
    expect(long.status).toBe(200)
  })

  it('retries a server error, and maps the provider’s failures to codes', async () => {
    const { client } = await userOn(server, 'PRO')
    fake.queue('images', SERVER_ERROR)
    const retried = await client.call(mediaApi.generateImages, { body: generate({ n: 1 }) })
    expect(retried.status).toBe(200)
    expect(fake.requests).toHaveLength(2)

    fake.queue('images', QUOTA_EXHAUSTED)
    const quota = await client.call(mediaApi.generateImages, { body: generate() })
    expect([quota.status, quota.message]).toEqual([429, 'msg_token_limit_exceeded'])

    fake.queue(
      'images',
      openAiErrorAnswer(
        400,
        'Your request was rejected as a result of our safety system.',
        'invalid_request_error',
        'content_policy_violation',
      ),
    )
    const refused = await client.call(mediaApi.generateImages, { body: generate() })
    expect([refused.status, refused.message]).toEqual([400, 'msg_ai_prompt_refused'])
  })

  it('answers msg_ai_unavailable for a malformed or slow answer, and stores nothing', async () => {
    const { client } = await userOn(server, 'PRO')
    fake.queue('images', { json: { data: [{ url: 'https://example.com/a.png' }] } })
    const malformed = await client.call(mediaApi.generateImages, { body: generate() })
    expect([malformed.status, malformed.message]).toEqual([502, 'msg_ai_unavailable'])

    fake.queue('images', { delayMs: 4000 })
    const slow = await client.call(mediaApi.generateImages, { body: generate() })
    expect([slow.status, slow.message]).toEqual([502, 'msg_ai_unavailable'])
    // Something that is not a picture is refused like an upload.
    fake.queue('images', {
      json: { data: [{ b64_json: Buffer.from('<svg/>').toString('base64') }] },
    })
    const notImage = await client.call(mediaApi.generateImages, { body: generate({ n: 1 }) })
    expect([notImage.status, notImage.message]).toEqual([400, 'msg_unsupported_file'])
    expect((await client.call(mediaApi.listUploads)).data).toEqual([])
  })

  it('limits how often a user may ask', async () => {
    const { client } = await userOn(server, 'PRO')
    const answers = []
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await client.call(mediaApi.generateImages, { body: generate({ n: 1 }) })).status,
      )
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('says image generation is not configured on a server without a key', async () => {
    const { client } = await userOn(keyless, 'PRO')
    const res = await client.call(mediaApi.generateImages, { body: generate() })
    expect([res.status, res.message]).toEqual([503, 'msg_ai_not_configured'])
  })
})
