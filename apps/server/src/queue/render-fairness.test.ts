import { afterAll, beforeAll, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { compositionApi, mediaApi } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { settled, signUp, waitForTask, type ApiClient } from '../../test/client'
import { formWith, pictureFile } from '../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'
import { tasks } from '../db/schema'

let server: TestServer
beforeAll(async () => {
  // One render slot and no short slot beside it, one video at a time: the order of the queue is
  // the order of the renders.
  server = await startTestServer({
    worker: true,
    env: { WORKER_CONCURRENCY: '1', SHORT_RENDER_SLOTS: '0' },
  })
})
afterAll(() => server.close())

/** A tiny silent one-slide video of the user's own picture: quick to render. */
async function tinyComposition(client: ApiClient): Promise<Composition> {
  const described = await client.call(mediaApi.describe, { body: formWith([pictureFile('a.png')]) })
  const { filename } = described.data.descriptions[0]!
  return {
    movieParams: { width: 160, height: 90, voice: null },
    composition: [{ id: filename.split('.')[0]!, filename, duration: 0.5, effects: [] }],
  }
}

async function render(client: ApiClient, composition: Composition) {
  const answer = await client.call(compositionApi.render, { body: { composition } })
  expect(answer.status).toBe(200)
  return answer.data.taskId
}

it("renders a user's single video before the rest of another user's earlier batch", async () => {
  const batch = await signUp(server)
  const single = await signUp(server)
  const batchVideo = await tinyComposition(batch.client)
  const singleVideo = await tinyComposition(single.client)

  const batchIds: string[] = []
  for (let i = 0; i < 4; i++) batchIds.push(await render(batch.client, batchVideo))
  const singleId = await render(single.client, singleVideo)

  for (const id of batchIds) {
    expect((await waitForTask(batch.client, id, settled, { timeoutMs: 120_000 })).state).toBe(
      'FINISHED',
    )
  }
  expect((await waitForTask(single.client, singleId, settled)).state).toBe('FINISHED')

  // One worker: each task finished (its last change) before the next one started.
  const rows = await server.app.services.db
    .select({ id: tasks.id, finishedAt: tasks.updatedAt })
    .from(tasks)
    .where(inArray(tasks.id, [...batchIds, singleId]))
  const order = rows
    .sort((a, b) => a.finishedAt.getTime() - b.finishedAt.getTime())
    .map((r) => (r.id === singleId ? 'single' : 'batch'))
  // The batch's first render may have started before the single one was asked for; the single
  // one comes next, not after the whole batch.
  expect(order).toEqual(['batch', 'single', 'batch', 'batch', 'batch'])
}, 180_000)
