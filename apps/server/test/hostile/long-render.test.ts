import { afterAll, beforeAll, expect, it } from 'vitest'
import { compositionApi, renderCost, tasksApi, type Composition } from '@storyreel/core'
import { signUp, waitForTask, type ApiClient } from '../client'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import { heldClip, movieOf, uploadPicture } from './compositions'

// The embedded default: one render slot for any render, the short slot beside it.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ worker: true })
})
afterAll(() => server.close())

async function render(client: ApiClient, composition: Composition): Promise<string> {
  const answer = await client.call(compositionApi.render, { body: { composition } })
  expect(answer.status).toBe(200)
  return answer.data.taskId
}

/** A render past the short bound, held at reading its clip until it is deleted. */
async function heldLongRender(client: ApiClient): Promise<Composition> {
  const long = movieOf(await heldClip(server, client), [640, 640], 1, 60, [
    { name: 'distort', params: {} },
  ])
  expect(renderCost(long)).toBeGreaterThan(server.env.SHORT_RENDER_SECONDS)
  return long
}

const stateOf = async (client: ApiClient, id: string) =>
  (await client.call(tasksApi.get, { params: { id } })).data.state

it("one account's long render holds the only worker, so that everybody's short renders wait", async (ctx) => {
  const a = await signUp(server)
  const b = await signUp(server)
  const c = await signUp(server)
  const longA = await render(a.client, await heldLongRender(a.client))
  await waitForTask(a.client, longA, (t) => t.subtask === 'RENDERING_VIDEO')
  // Another long render waits for the main slot: the short slot leaves it there.
  const longC = await render(c.client, await heldLongRender(c.client))
  const short = movieOf(await uploadPicture(b.client), [160, 160], 1, 1, [])
  expect(renderCost(short)).toBeLessThanOrEqual(server.env.SHORT_RENDER_SECONDS)
  const shortB = await render(b.client, short)
  recordTries(ctx, 3)

  expect((await waitForTask(b.client, shortB)).state).toBe('FINISHED')
  expect(await stateOf(a.client, longA)).toBe('EXECUTING')
  expect(await stateOf(c.client, longC)).toBe('QUEUED')

  // A's render is deleted: C's takes the main slot.
  expect((await a.client.call(tasksApi.delete, { params: { id: longA } })).status).toBe(200)
  await waitForTask(c.client, longC, (t) => t.subtask === 'RENDERING_VIDEO')
  expect((await c.client.call(tasksApi.delete, { params: { id: longC } })).status).toBe(200)
}, 180_000)
