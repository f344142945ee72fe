import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { compositionApi, mediaApi, tasksApi } from '@storyreel/core'
import { storageKeys } from '../../src/adapters/storage/storage'
import { signUp, waitForTask } from '../client'
import { clipOf, resolutionSwitchBomb } from '../crafted-media'
import { formWith } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { measuredTools } from '../tool-memory'
import { bystanderDuring, recordTries } from './attack'
import { movieOf, uploadClipReplacedBy } from './compositions'
import { storedUploads } from './stored-uploads'

/**
 * Over this, a tool decoded a frame of the bomb (one decode of it took 400 MB here, more with
 * more cores); probing it, scanning its headers or decoding 320x240 frames takes under 100 MB.
 */
const TOOL_PEAK_KB = 200 * 1024

let server: TestServer
let toolDir: string
let tools: Awaited<ReturnType<typeof measuredTools>>
let bomb: string
beforeAll(async () => {
  bomb = resolutionSwitchBomb(8192)
  toolDir = await mkdtemp(path.join(tmpdir(), 'storyreel-tools-'))
  tools = await measuredTools(toolDir)
  server = await startTestServer({ worker: true, env: tools.env })
})
afterAll(async () => {
  await server.close()
  await rm(toolDir, { recursive: true, force: true })
})

it('an MP4 that switches from 320x240 to 8192x8192 in its middle, four uploads at once', async (ctx) => {
  const attacker = await signUp(server)
  const bystander = await signUp(server)
  const peakBefore = process.resourceUsage().maxRSS
  const answers: { status: number; message: string | null }[] = []
  const bystanderSaw = await bystanderDuring(
    () => bystander.client.call(tasksApi.list),
    async () => {
      const send = () =>
        attacker.client.call(mediaApi.describe, { body: formWith([clipOf(bomb, 'switch.mp4')]) })
      // The first alone: it fetches the client's CSRF token, which the others then share.
      answers.push(await send(), ...(await Promise.all([send(), send(), send()])))
    },
  )
  recordTries(ctx, answers.length)
  // Refused from its headers: one of its parameter sets announces 8192x8192.
  for (const answer of answers) {
    expect(answer).toMatchObject({ status: 400, message: 'msg_unsupported_file' })
  }
  const { files, rows, tmp } = await storedUploads(server)
  expect({ files: files.size, rows: rows.length, tmp }).toEqual({ files: 0, rows: 0, tmp: [] })
  expect(Math.max(...(await tools.peaksKb()))).toBeLessThan(TOOL_PEAK_KB)
  expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(512 * 1024) // KB
  expect(bystanderSaw.failed).toBe(0)
  expect(bystanderSaw.answered).toBeGreaterThan(0)
})

it('a stored clip swapped for that MP4, then previewed, described and rendered', async (ctx) => {
  const { client } = await signUp(server)
  // Storing moves the file: the cached bomb stays where it is.
  const swapped = path.join(server.env.DATA_DIR, 'swapped.mp4')
  await copyFile(bomb, swapped)
  const name = await uploadClipReplacedBy(server, client, swapped)
  const { storage } = server.app.services
  const [row] = (await storedUploads(server)).rows.filter((r) => r.name === name)
  // The preview made at upload is dropped, so the server makes it again, from the bomb.
  await storage.delete(storageKeys.preview(row!.userId, name))
  const peaksBefore = (await tools.peaksKb()).length

  const preview = await client.call(mediaApi.getUploadPreview, { params: { name } })
  const described = await client.call(mediaApi.describeStored, { body: { names: [name] } })
  const composition = movieOf(name, [320, 240], 1, 2, [])
  const rendered = await client.call(compositionApi.render, { body: { composition } })
  const task = await waitForTask(client, rendered.data.taskId)
  recordTries(ctx, 3)

  expect(preview).toMatchObject({ status: 404, message: 'msg_media_not_found' })
  expect(described).toMatchObject({ status: 400, message: 'msg_unsupported_file' })
  expect(task.state).toBe('CANCELLED')
  const peaks = (await tools.peaksKb()).slice(peaksBefore)
  expect(peaks.length).toBeGreaterThan(0)
  expect(Math.max(...peaks)).toBeLessThan(TOOL_PEAK_KB)
})
