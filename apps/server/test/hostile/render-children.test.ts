import { afterAll, beforeAll, expect, it } from 'vitest'
import { CANCEL_REASONS, mediaApi, tasksApi } from '@storyreel/core'
import { signUp, waitForTask } from '../client'
import { clipFile, formWith } from '../media-fixtures'
import { descendantsOf } from '../processes'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import {
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

const TOOLS = new Set(['ffmpeg', 'ffprobe'])
/** The media tools below the test server's process (it runs in this one), zombies included. */
const tools = () => descendantsOf(process.pid).filter((p) => TOOLS.has(p.comm))

/** Waits until an ffmpeg not in `seen` runs, and adds it there. */
async function newFfmpeg(seen: Set<number>): Promise<void> {
  for (;;) {
    const fresh = tools().find((p) => p.comm === 'ffmpeg' && p.state !== 'Z' && !seen.has(p.pid))
    if (fresh) return void seen.add(fresh.pid)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The media tools left once they had `timeoutMs` to end: a zombie or a stray one stays. */
async function toolsLeft(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (tools().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  return tools()
}

it('renders deleted while ffmpeg runs, and one held past its time limit', async (ctx) => {
  const { client } = await signUp(server)
  const described = await client.call(mediaApi.describe, {
    body: formWith([clipFile('clip.mp4', 2, 320, 240)]),
  })
  const clip = described.data.descriptions[0]!.filename
  // Three slides of a looped clip: an encoder and two decoders (this slide's, the next's) run.
  const long = movieOf(clip, [640, 360], 3, 20, [{ name: 'zoom', params: {} }])
  const seen = new Set(tools().map((p) => p.pid))
  for (let i = 0; i < 4; i++) {
    const id = await queueRender(client, long)
    await waitForTask(client, id, (t) => t.subtask === 'RENDERING_VIDEO')
    await newFfmpeg(seen)
    expect((await client.call(tasksApi.delete, { params: { id } })).status).toBe(200)
  }

  // Another user's (the first has spent most of the month's limit), held at probing its clip
  // (a pipe nobody writes to) until its time limit stops it.
  const other = (await signUp(server)).client
  const cut = await queueRender(
    other,
    movieOf(await heldClip(server, other), [640, 360], 1, 60, []),
  )
  expect(await waitForTask(other, cut)).toMatchObject({
    state: 'CANCELLED',
    error: CANCEL_REASONS.time_limit.text,
  })

  // The worker takes one render at a time: once a small one has finished, every run before it
  // has ended, and so should every process they started.
  const small = await queueRender(other, movieOf(await uploadPicture(other), [160, 90], 1, 1, []))
  expect((await waitForTask(other, small)).state).toBe('FINISHED')
  expect(await toolsLeft(10_000)).toEqual([])
  recordTries(ctx, 6)
}, 180_000)
