import { afterAll, beforeAll, expect, it } from 'vitest'
import { compositionApi, mediaApi, tasksApi } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { signUp, waitForTask } from '../../test/client'
import { startFakeS3 } from '../../test/fake-s3'
import { formWith, pictureFile } from '../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'

let s3: Awaited<ReturnType<typeof startFakeS3>>
let server: TestServer
beforeAll(async () => {
  s3 = await startFakeS3('storyreel')
  server = await startTestServer({
    worker: true,
    env: {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'storyreel',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    },
  })
})
afterAll(async () => {
  await server.close()
  await s3.close()
})

it('uploads, renders and serves through S3-compatible storage', async () => {
  const { client } = await signUp(server)
  const described = await client.call(mediaApi.describe, { body: formWith([pictureFile('a.png')]) })
  const name = described.data.descriptions[0]!.filename
  expect([...s3.objects.keys()].some((k) => k.endsWith(name))).toBe(true)
  const composition: Composition = {
    movieParams: { width: 160, height: 90, voice: null },
    composition: [{ id: name.split('.')[0]!, filename: name, duration: 1, effects: [] }],
  }
  const { taskId } = (await client.call(compositionApi.render, { body: { composition } })).data
  const task = await waitForTask(client, taskId)
  expect(task.state).toBe('FINISHED')
  expect(s3.objects.has(`renders/${taskId}/video.mp4`)).toBe(true)
  const part = await client.call(tasksApi.result, {
    params: { id: taskId },
    headers: { range: 'bytes=4-11' },
  })
  expect(part.status).toBe(206)
  expect(part.body.toString('latin1')).toBe('ftypisom')
}, 120_000)
