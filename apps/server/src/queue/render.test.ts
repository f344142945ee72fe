import { execFileSync } from 'node:child_process'
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CANCEL_REASONS,
  compositionApi,
  compositionDuration,
  compositionSecondsBound,
  mediaApi,
  rescaleToRatio,
  tasksApi,
  type Composition,
} from '@storyreel/core'
import { settled, signUp, waitForTask } from '../../test/client'
import { formWith, pictureFile } from '../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ worker: true })
})
afterAll(() => server.close())

describe('the render worker', () => {
  it('renders a queued composition into an MP4 the owner can stream by range', async () => {
    const { client } = await signUp(server)
    const files = [
      pictureFile('a.png', { width: 400, height: 300 }),
      pictureFile('b.jpg', { hue: 30, format: 'jpeg' }),
    ]
    const described = await client.call(mediaApi.describe, { body: formWith(files) })
    const created = await client.call(compositionApi.create, {
      body: { suggestion: 'Hello world', imageDescriptions: described.data.descriptions },
    })
    const composition = created.data.content
    // Small, to keep the test quick; the ratio maths is the app's.
    composition.movieParams = { ...composition.movieParams, ...rescaleToRatio(320, 180, '9:16') }
    for (const slide of composition.composition) slide.duration = 1.5
    const { taskId } = (await client.call(compositionApi.render, { body: { composition } })).data

    const seen = new Set<string>()
    const task = await waitForTask(client, taskId, settled, {
      onPoll: (t) => seen.add(t.subtask ? `${t.state}:${t.subtask}` : t.state),
    })
    expect(task.state).toBe('FINISHED')
    expect(task.taskFiles).toEqual([{ id: taskId }])
    expect([...seen].some((s) => s.startsWith('EXECUTING'))).toBe(true)

    const video = await client.call(tasksApi.result, { params: { id: taskId } })
    expect(video.status).toBe(200)
    expect(video.headers.get('content-type')).toBe('video/mp4')
    const file = path.join(server.env.DATA_DIR, 'check.mp4')
    await writeFile(file, video.body)
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,width,height,pix_fmt:format=duration',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      streams: { codec_name: string; width?: number; height?: number; pix_fmt?: string }[]
      format: { duration: string }
    }
    const v = probe.streams.find((s) => s.codec_name === 'h264')!
    expect(v).toMatchObject({
      width: composition.movieParams.width,
      height: composition.movieParams.height,
      pix_fmt: 'yuv420p',
    })
    expect(probe.streams.some((s) => s.codec_name === 'aac')).toBe(true)
    // The composer narrates each slide: the render stretches slides to their speech, no further
    // than the bound its cost was counted with.
    const duration = Number(probe.format.duration)
    expect(duration).toBeGreaterThan(compositionDuration(composition) - 0.1)
    expect(duration).toBeLessThan(compositionSecondsBound(composition) + 0.1)

    const range = await client.call(tasksApi.result, {
      params: { id: taskId },
      headers: { range: 'bytes=0-99' },
    })
    expect(range.status).toBe(206)
    expect(range.body.length).toBe(100)
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${video.body.length}`)

    const thumb = await client.call(tasksApi.thumbnail, { params: { id: taskId } })
    const image = await client.raw({ method: 'GET', path: thumb.data.url! })
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(image.body[0]).toBe(0xff)

    // Deleting removes the files too.
    await client.call(tasksApi.delete, { params: { id: taskId } })
    expect((await client.call(tasksApi.result, { params: { id: taskId } })).status).toBe(409)
  })

  it('shows the thumbnail from the first slide while the rest still renders', async () => {
    const { client } = await signUp(server)
    const described = await client.call(mediaApi.describe, {
      body: formWith([0, 1, 2, 3].map((i) => pictureFile(`p${i}.png`, { hue: i * 80 }))),
    })
    const created = await client.call(compositionApi.create, {
      body: { suggestion: '', imageDescriptions: described.data.descriptions },
    })
    const composition = created.data.content
    // Long enough after the first slide's middle to be seen rendering; silent to start at once.
    composition.movieParams = { ...composition.movieParams, width: 640, height: 360, voice: null }
    for (const slide of composition.composition) slide.duration = 3
    const { taskId } = (await client.call(compositionApi.render, { body: { composition } })).data

    const task = await waitForTask(
      client,
      taskId,
      (t) => settled(t) || (t.state === 'EXECUTING' && t.thumbnailUrl !== null),
    )
    expect(task.state).toBe('EXECUTING')
    const image = await client.raw({ method: 'GET', path: task.thumbnailUrl! })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect((await waitForTask(client, taskId)).state).toBe('FINISHED')
  })

  it('ends a render whose media is gone as CANCELLED with a readable reason', async () => {
    const { client } = await signUp(server)
    const described = await client.call(mediaApi.describe, {
      body: formWith([pictureFile('a.png')]),
    })
    const name = described.data.descriptions[0]!.filename
    const composition: Composition = {
      movieParams: { width: 160, height: 90, voice: null },
      composition: [{ id: 'a', filename: name, duration: 1, effects: [] }],
    }
    const { taskId } = (await client.call(compositionApi.render, { body: { composition } })).data
    // The stored file vanishes before the worker gets to it (its user cannot delete it now).
    const uploads = path.join(server.env.DATA_DIR, 'files', 'uploads')
    for (const owner of await readdir(uploads)) {
      await rm(path.join(uploads, owner, name), { force: true })
    }
    const task = await waitForTask(client, taskId)
    expect(task.state).toBe('CANCELLED')
    expect(task.error).toBe(CANCEL_REASONS.media_missing.text)
  })
})
