import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  CANCEL_REASONS,
  compositionApi,
  renderCost,
  renderTimeLimitSeconds,
  tasksApi,
  type Composition,
} from '@storyreel/core'
import { settled, signUp, waitForTask, type ApiClient } from '../client'
import { ffmpegRunningFor } from '../processes'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import { heldClip, movieOf, uploadPicture } from './compositions'

// A small time limit, so that the poisoned render is cut off within seconds, not minutes.
const TIME_LIMIT = { factor: 0.1, minSeconds: 15 }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    worker: true,
    env: {
      WORKER_CONCURRENCY: '2',
      RENDER_TIME_FACTOR: String(TIME_LIMIT.factor),
      RENDER_TIME_MIN_SECONDS: String(TIME_LIMIT.minSeconds),
    },
  })
})
afterAll(() => server.close())

const render = async (client: ApiClient, composition: Composition) =>
  client.call(compositionApi.render, { body: { composition } })

it('one account queues a render of days, and more, to hold the queue', async (ctx) => {
  const a = await signUp(server)
  const b = await signUp(server)
  const aFile = await uploadPicture(a.client)
  const bFile = await uploadPicture(b.client)
  const heavy = [
    { name: 'distort', params: {} },
    { name: 'blur', params: { startBlur: 100, endBlur: 100 } },
  ]

  // The 75-hour composition is past the 10-minute bound; cut to 10 minutes it is still
  // hours of work, and over every plan's budget.
  const days = await render(a.client, movieOf(aFile, [3840, 3840], 50, 60, heavy))
  expect(days).toMatchObject({ status: 400, message: 'msg_zod_validation_error' })
  const hours = movieOf(aFile, [3840, 3840], 10, 60, heavy)
  expect(renderCost(hours) / 3600).toBeGreaterThan(5)
  expect(await render(a.client, hours)).toMatchObject({
    status: 403,
    message: 'msg_composition_too_costly',
  })

  // Within the budget, and held at reading its clip until its time limit (the small factor)
  // stops it, however fast the machine.
  const poison = movieOf(await heldClip(server, a.client), [640, 640], 1, 60, [
    { name: 'distort', params: {} },
  ])
  const limit = renderTimeLimitSeconds(poison, TIME_LIMIT)
  const poisoned = (await render(a.client, poison)).data.taskId
  // Once it holds a worker, A queues more and B queues one small render.
  await waitForTask(a.client, poisoned, (t) => t.subtask === 'RENDERING_VIDEO')
  const small = movieOf(aFile, [160, 160], 1, 1, [])
  const more = [
    (await render(a.client, small)).data.taskId,
    (await render(a.client, small)).data.taskId,
  ]
  const bTask = (await render(b.client, movieOf(bFile, [160, 160], 1, 1, []))).data.taskId

  // B's render finishes while A's poisoned one still runs, and A never has two running.
  let mostRunningForA = 0
  const watchA = setInterval(() => {
    void a.client
      .call(tasksApi.list)
      .then((res) => {
        const running = res.data.filter(
          (t) => t.state === 'EXECUTING' && t.subtask !== 'AWAITING_EXECUTION',
        )
        mostRunningForA = Math.max(mostRunningForA, running.length)
      })
      .catch(() => {}) // a poll still in flight when the server closes
  }, 200)
  try {
    expect((await waitForTask(b.client, bTask)).state).toBe('FINISHED')
    expect((await a.client.call(tasksApi.get, { params: { id: poisoned } })).data.state).toBe(
      'EXECUTING',
    )

    const start = Date.now()
    const cut = await waitForTask(a.client, poisoned, settled, { timeoutMs: (limit + 30) * 1000 })
    expect(cut).toMatchObject({ state: 'CANCELLED', error: CANCEL_REASONS.time_limit.text })
    expect((Date.now() - start) / 1000).toBeLessThan(limit + 5)
    // The render's ffmpeg went with it.
    await new Promise((r) => setTimeout(r, 500))
    expect(ffmpegRunningFor(poisoned)).toBe(false)

    // A's other renders waited their turn, then ran.
    for (const id of more) expect((await waitForTask(a.client, id)).state).toBe('FINISHED')
  } finally {
    clearInterval(watchA)
  }
  expect(mostRunningForA).toBe(1)
  recordTries(ctx, 6)
}, 180_000)
