import { afterAll, beforeAll, expect, it } from 'vitest'
import { compositionApi, mediaApi, tasksApi } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { signUp } from '../client'
import { formWith, pictureFile } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import { storedUploads } from './stored-uploads'

let server: TestServer
beforeAll(async () => {
  // No worker: the render stays QUEUED, as it would behind other users' renders.
  server = await startTestServer({ worker: false })
})
afterAll(() => server.close())

it('deleting the media of a queued render to make it fail', async (ctx) => {
  const { client } = await signUp(server)
  const described = await client.call(mediaApi.describe, {
    body: formWith([pictureFile('a.png', { hue: 30 }), pictureFile('b.png', { hue: 210 })]),
  })
  const [used, unused] = described.data.descriptions.map((d) => d.filename)
  const composition: Composition = {
    movieParams: { width: 160, height: 90, voice: null },
    composition: [{ id: 'a', filename: used!, duration: 1, effects: [] }],
  }
  const render = await client.call(compositionApi.render, { body: { composition } })
  expect(render.status).toBe(200)

  const refused = await client.call(mediaApi.deleteUpload, { params: { name: used } })
  const allowed = await client.call(mediaApi.deleteUpload, { params: { name: unused } })
  recordTries(ctx, 2)
  expect(refused).toMatchObject({ status: 409, message: 'msg_media_in_use' })
  expect(allowed.status).toBe(200)
  expect([...(await storedUploads(server)).files.keys()]).toEqual([used])

  // Once the task is gone the file is the user's to delete again.
  await client.call(tasksApi.delete, { params: { id: render.data.taskId } })
  expect((await client.call(mediaApi.deleteUpload, { params: { name: used } })).status).toBe(200)
})
