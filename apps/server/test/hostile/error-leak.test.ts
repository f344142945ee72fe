import { afterAll, beforeAll, expect, it } from 'vitest'
import { CANCEL_REASONS, compositionApi } from '@storyreel/core'
import { signUp, waitForTask } from '../client'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import { damagedClipComposition } from './compositions'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ worker: true })
})
afterAll(() => server.close())

it('a render made to fail, to read internal paths and commands', async (ctx) => {
  const { client } = await signUp(server)
  const composition = await damagedClipComposition(server, client)
  const { taskId } = (await client.call(compositionApi.render, { body: { composition } })).data
  const task = await waitForTask(client, taskId)
  recordTries(ctx, 1)
  expect(task.state).toBe('CANCELLED')
  // One of the fixed sentences: no path, no tool or command line, no stack.
  expect(Object.values(CANCEL_REASONS).map((r) => r.text)).toContain(task.error)
  expect(task.error).not.toMatch(/\/|\\|ffmpeg|ffprobe|exited with|\n\s*at\s/i)
})
