import { afterAll, beforeAll, expect, it } from 'vitest'
import { signUp } from '../client'
import { startTestServer, type TestServer } from '../test-server'
import { latencyDuring, recordTries } from './attack'
import { movieOf, uploadPicture } from './compositions'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** One instant of a slide of the uploaded picture at this size, with these effects. */
function frameBody(filename: string, size: number, effects: unknown[]) {
  return { composition: movieOf(filename, [size, size], 1, 4, effects), slideIndex: 0, t: 2 }
}

const text = (params: Record<string, unknown>) => ({
  name: 'animated_text',
  params: { textStart: 0, textEnd: 4, stream: false, ...params },
})
const distorts = (n: number) => Array.from({ length: n }, () => ({ name: 'distort', params: {} }))

it('huge texts, boxes and stacks of effects sent to the preview frame', async (ctx) => {
  const attacker = await signUp(server)
  const bystander = await signUp(server)
  const file = await uploadPicture(attacker.client)
  // The bystander has used the preview already: its threads are up.
  const warm = frameBody(await uploadPicture(bystander.client), 160, [])
  expect((await bystander.client.post('/api/composition/frame', warm)).status).toBe(200)
  const words = Array.from({ length: 3000 }, (_, i) => `w${i % 10}`).join(' ')
  const costly = frameBody(file, 1920, [
    { name: 'distort', params: {} },
    { name: 'blur', params: { startBlur: 100, endBlur: 100 } },
    text({
      text: 'x '.repeat(250),
      fontSize: 10,
      border: { color: { r: 0, g: 0, b: 0 }, width: 20 },
    }),
  ])
  // Sent a group at a time: the requests of a group at once, the groups one after another.
  const groups = [
    // The three of the issue: each stalled every request for 20-30 s.
    [frameBody(file, 1080, [text({ text: words, fontSize: 0.001 })])],
    [frameBody(file, 1080, [text({ text: 'wide', width: 1e12 })])],
    [frameBody(file, 3840, distorts(20))],
    // Within the bounds but over the preview budget.
    [frameBody(file, 3840, distorts(10))],
    // Costly frames within the bounds and the budget, three at once: drawn on a thread, one at a
    // time for this user, the others refused.
    ...Array.from({ length: 3 }, () => [costly, costly, costly]),
    // Small frames as fast as they come back, into the rate limit.
    ...Array.from({ length: 15 }, () => [frameBody(file, 160, [])]),
  ]
  const answers: { status: number; type: string | null; ms: number }[] = []
  const send = async (body: unknown) => {
    const start = performance.now()
    const res = await attacker.client.post('/api/composition/frame', body)
    const type = res.headers.get('content-type')
    answers.push({ status: res.status, type, ms: performance.now() - start })
  }
  const latency = await latencyDuring(
    () => bystander.client.get('/api/web/tasks'),
    async () => {
      for (const group of groups) await Promise.all(group.map(send))
    },
    25,
  )
  recordTries(ctx, answers.length)
  for (const answer of answers) {
    if (answer.status === 200) expect(answer.type).toBe('image/jpeg')
    else expect([400, 403, 429]).toContain(answer.status)
    expect(answer.ms).toBeLessThan(10_000)
  }
  const statuses = answers.map((a) => a.status)
  expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 403])
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6)
  expect(latency.p99).toBeLessThan(100)
}, 120_000)
