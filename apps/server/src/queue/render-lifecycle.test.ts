import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { compositionApi, mediaApi, tasksApi } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { apiClient, signUp, waitForTask, type ApiClient } from '../../test/client'
import { formWith, pictureFile } from '../../test/media-fixtures'
import { ffmpegRunningFor } from '../../test/processes'
import { startTestServer, type TestServer } from '../../test/test-server'

const servers: TestServer[] = []

afterAll(async () => {
  for (const s of servers.reverse()) await s.close()
})

async function smallComposition(
  client: ApiClient,
  seconds: number,
  size = { width: 320, height: 180 },
) {
  const described = await client.call(mediaApi.describe, {
    body: formWith([pictureFile('a.png', { width: 640, height: 480 })]),
  })
  const d = described.data.descriptions[0]!
  const composition: Composition = {
    movieParams: { ...size, voice: null },
    composition: [
      {
        id: d.filename.split('.')[0]!,
        filename: d.filename,
        duration: seconds,
        effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 150 } }],
      },
    ],
  }
  return composition
}

it('finishes the tasks queued before a restart', async () => {
  const first = await startTestServer({ worker: false })
  const { client } = await signUp(first)
  const composition = await smallComposition(client, 1)
  const ids = [
    (await client.call(compositionApi.render, { body: { composition } })).data.taskId,
    (await client.call(compositionApi.render, { body: { composition } })).data.taskId,
  ]
  await first.close({ keepData: true })

  const second = await startTestServer({ worker: true, restartOf: first })
  servers.push(second)
  // The session lives in the database: the same cookies still work after the restart.
  const again = apiClient(second, { jar: client.jar })
  for (const id of ids) {
    const task = await waitForTask(again, id)
    expect(task.state).toBe('FINISHED')
  }
}, 180_000)

it('stops a running render when its task is deleted, and keeps nothing of it', async () => {
  const server = await startTestServer({ worker: true })
  servers.push(server)
  const { client } = await signUp(server)
  // A minute of video: far longer to render than the few seconds the stop may take.
  const long = await smallComposition(client, 60, { width: 640, height: 360 })
  const { taskId } = (await client.call(compositionApi.render, { body: { composition: long } }))
    .data
  await waitForTask(client, taskId, (t) => t.state === 'EXECUTING' && (t.progress ?? 0) > 0)
  expect(ffmpegRunningFor(taskId)).toBe(true)
  expect((await client.call(tasksApi.delete, { params: { id: taskId } })).status).toBe(200)
  const stopBy = Date.now() + 5000
  while (ffmpegRunningFor(taskId) && Date.now() < stopBy)
    await new Promise((r) => setTimeout(r, 100))
  expect(ffmpegRunningFor(taskId)).toBe(false)

  // The worker notices within a heartbeat and moves on to the next task.
  const next = await smallComposition(client, 1)
  const { taskId: nextId } = (
    await client.call(compositionApi.render, { body: { composition: next } })
  ).data
  const done = await waitForTask(client, nextId)
  expect(done.state).toBe('FINISHED')
  const deleted = (await client.call(tasksApi.get, { params: { id: taskId } })).data
  expect(deleted.state).toBe('DELETED')
  const renders = await readdir(path.join(server.env.DATA_DIR, 'files', 'renders'))
  expect(renders).toEqual([nextId])
  const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp'))
  expect(tmp.filter((n) => n.startsWith('render-'))).toEqual([])
}, 180_000)
