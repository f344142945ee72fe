import { afterAll, beforeAll, expect, it } from 'vitest'
import { CANCEL_REASONS, PLANS, compositionApi, tasksApi } from '@storyreel/core'
import { signUp, waitForTask } from '../client'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import {
  damagedClipComposition,
  heldClip,
  movieOf,
  queueRender,
  SHORT_RENDER_TIME_LIMIT,
  uploadPicture,
} from './compositions'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ worker: true, env: SHORT_RENDER_TIME_LIMIT })
})
afterAll(() => server.close())

it('renders cut off, deleted or failed on purpose, to render past the monthly limit', async (ctx) => {
  const { client } = await signUp(server)
  const file = await uploadPicture(client)

  // Stopped at its time limit (held at reading its clip, however fast the machine): the user's
  // composition took the worker; it counts.
  const slow = await queueRender(
    client,
    movieOf(await heldClip(server, client), [640, 640], 1, 60, [{ name: 'distort', params: {} }]),
  )
  expect(await waitForTask(client, slow)).toMatchObject({
    state: 'CANCELLED',
    error: CANCEL_REASONS.time_limit.text,
  })

  // Deleted by its user while it renders (held, so it cannot finish first): it counts.
  const long = movieOf(await heldClip(server, client), [640, 360], 1, 60, [
    { name: 'zoom', params: {} },
  ])
  const deleted = await queueRender(client, long)
  await waitForTask(client, deleted, (t) => t.subtask === 'RENDERING_VIDEO')
  expect((await client.call(tasksApi.delete, { params: { id: deleted } })).status).toBe(200)

  // Failed on our side (its stored file damaged): it does not count.
  const failed = await queueRender(client, await damagedClipComposition(server, client))
  expect(await waitForTask(client, failed)).toMatchObject({
    state: 'CANCELLED',
    error: CANCEL_REASONS.render_failed.text,
  })
  expect((await client.call(tasksApi.get, { params: { id: deleted } })).data.state).toBe('DELETED')

  // Three renders requested, two counted: the rest of the month's limit, and no more.
  const small = movieOf(file, [160, 90], 1, 1, [])
  const left = PLANS.FREE.monthlyVideoLimit - 2
  for (let i = 0; i < left; i++) await queueRender(client, small)
  const refused = await client.call(compositionApi.render, { body: { composition: small } })
  recordTries(ctx, 3 + left + 1)
  expect(refused).toMatchObject({ status: 403, message: 'msg_video_limit_reached' })
}, 180_000)
