import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CompositionSchema, compositionApi, mediaApi, type ImageDescription } from '@storyreel/core'
import { signUp, type ApiClient } from '../../../test/client'
import { formWith, photoFile, pictureFile } from '../../../test/media-fixtures'
import {
  chatAnswer,
  QUOTA_EXHAUSTED,
  SERVER_ERROR,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../test/openai-server'
import { startTestServer, type TestServer } from '../../../test/test-server'

let fake: FakeOpenAi
let server: TestServer
beforeAll(async () => {
  fake = await startFakeOpenAi()
  server = await startTestServer({ env: { ...fake.env, OPENAI_TIMEOUT_SECONDS: '2' } })
})
afterAll(async () => {
  await server.close()
  await fake.close()
})
beforeEach(() => fake.reset())

async function described(client: ApiClient): Promise<ImageDescription[]> {
  const files = [0, 1].map((i) => pictureFile(`p${i}.png`, { hue: i * 120 }))
  const res = await client.call(mediaApi.describe, { body: formWith(files) })
  fake.reset()
  return res.data.descriptions
}

async function composeWith(client: ApiClient, imageDescriptions: ImageDescription[]) {
  const res = await client.call(compositionApi.create, {
    body: { suggestion: 'A day by the sea. Then the storm.', imageDescriptions },
  })
  expect(res.status).toBe(200)
  expect(CompositionSchema.parse(res.data.content)).toBeTruthy()
  return res.data.content
}

/** The rules' composition carries their own narration lines; the model's says these. */
const MODEL_LINES = ['It all began by the sea.', 'The light changed slowly.']

describe('compose with a chat model', () => {
  it('asks in the Composition schema and answers the model’s slides, every effect its own', async () => {
    const { client } = await signUp(server)
    const ds = await described(client)
    const content = await composeWith(client, ds)
    expect(content.composition.map((s) => s.filename)).toEqual(ds.map((d) => d.filename))
    expect(content.composition.map((s) => s.narration)).toEqual(MODEL_LINES)
    expect(content.composition[0]!.effects.map((e) => e.name)).toEqual([
      'fade',
      'zoom',
      'animated_text',
    ])
    for (const slide of content.composition) {
      for (const effect of slide.effects) expect(effect.source).toBe('AI')
    }
    const [call] = fake.requests
    expect(call!.body.model).toBe('gpt-4o-mini')
    const format = call!.body.response_format as { json_schema: { name: string; schema: object } }
    expect(format.json_schema.name).toBe('composition')
    expect(JSON.stringify(format.json_schema.schema)).toContain(
      JSON.stringify(ds.map((d) => d.filename)),
    )
  })

  it('tells the model what each picture shows and where: the detector’s subjects', async () => {
    const { client } = await signUp(server)
    const form = formWith([await photoFile('kite.jpg'), pictureFile('p.png')])
    const ds = (await client.call(mediaApi.describe, { body: form })).data.descriptions
    fake.reset()
    await composeWith(client, ds)
    const [call] = fake.requests
    const user = (call!.body.messages as { content: string }[])[1]!
    const files = (
      JSON.parse(user.content) as { files: { subject?: string; subjects?: unknown[] }[] }
    ).files
    expect(files[0]).toMatchObject({ subjects: [{ label: 'kite' }] })
    expect(files[1]!.subjects).toBeUndefined()
  })

  it('repairs what it can: a zoom out of range clamped, an unknown effect dropped', async () => {
    const { client } = await signUp(server)
    const ds = await described(client)
    fake.queue(
      'chat',
      chatAnswer({
        slides: ds.map((d) => ({
          filename: d.filename,
          duration: 5,
          narration: 'Waves.',
          effects: [
            { name: 'zoom', params: { zoomStart: 100, zoomEnd: 900 }, description: 'Far' },
            { name: 'lens_flare', params: { amount: 80 }, description: 'Shiny' },
          ],
        })),
      }),
    )
    const content = await composeWith(client, ds)
    for (const [i, slide] of content.composition.entries()) {
      expect(slide.narration).toBe('Waves.')
      expect(slide.effects).toEqual([
        {
          name: 'zoom',
          params: { zoomStart: 100, zoomEnd: 250, focusX: ds[i]!.focus.x, focusY: ds[i]!.focus.y },
          source: 'AI',
          description: 'Far',
        },
      ])
    }
  })

  it('composes by the rules when the answer names a file that was not described', async () => {
    const { client } = await signUp(server)
    const ds = await described(client)
    fake.queue(
      'chat',
      chatAnswer({
        slides: [{ filename: 'someone-elses.png', duration: 4, narration: 'Hi.', effects: [] }],
      }),
    )
    const content = await composeWith(client, ds)
    expect(content.composition.map((s) => s.filename)).toEqual(ds.map((d) => d.filename))
    expect(content.composition.map((s) => s.narration)).not.toEqual(MODEL_LINES)
    expect(content.composition.some((s) => s.narration === 'Hi.')).toBe(false)
  })

  it('composes by the rules when the model fails, answers nonsense or is too slow', async () => {
    const { client } = await signUp(server)
    const ds = await described(client)
    const rules = async () => {
      const content = await composeWith(client, ds)
      expect(content.composition.map((s) => s.filename)).toEqual(ds.map((d) => d.filename))
      expect(content.composition.map((s) => s.narration)).not.toEqual(MODEL_LINES)
    }
    fake.queue('chat', SERVER_ERROR, SERVER_ERROR, SERVER_ERROR)
    await rules()
    expect(fake.requests).toHaveLength(3)
    fake.queue('chat', QUOTA_EXHAUSTED)
    await rules()
    fake.queue('chat', { text: 'upstream proxy error' })
    await rules()
    fake.queue('chat', chatAnswer('I cannot do that.'))
    await rules()
    fake.queue('chat', { delayMs: 20_000 })
    const started = Date.now()
    await rules()
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it('retries a server error once and still uses the model', async () => {
    const { client } = await signUp(server)
    const ds = await described(client)
    fake.queue('chat', SERVER_ERROR)
    const content = await composeWith(client, ds)
    expect(content.composition.map((s) => s.narration)).toEqual(MODEL_LINES)
    expect(fake.requests).toHaveLength(2)
  })
})
