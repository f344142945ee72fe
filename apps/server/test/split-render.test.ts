import { execFileSync } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CaptionsSchema,
  compositionApi,
  mediaApi,
  tasksApi,
  type Composition,
} from '@storyreel/core'
import { sweepOrphanWork } from '../src/queue/supervisor'
import { soundStarts } from './audio-measures'
import { signUp, waitForTask, type ApiClient } from './client'
import { clipFile, formWith, pictureFile } from './media-fixtures'
import { startWorkerProcess, type WorkerProcess } from './processes'
import { startTestServer, type TestServer } from './test-server'

/**
 * One render split across two standalone workers on PostgreSQL (decision 016) against the same
 * render in one piece: the joined MP4 must be the same video frame for frame, with its sound in
 * sync, and a range whose worker is killed is retried alone. Standalone workers need a
 * PostgreSQL server: this runs in the PostgreSQL pass only.
 */
const W = 320
const H = 180
/** Splitting on: two render slots in the fleet, ranges of 2 s at least. */
const SPLIT = { SPLIT_WORKERS: '2', SPLIT_MIN_RANGE_SECONDS: '2' }

let server: TestServer
const workers: WorkerProcess[] = []

function worker(env: Record<string, string> = {}) {
  const w = startWorkerProcess(server, env)
  workers.push(w)
  return w
}

async function stop(w: WorkerProcess) {
  const exited = new Promise((r) => w.child.once('exit', r))
  w.child.kill('SIGTERM')
  await exited
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

/** A moving clip then a zooming photo, both narrated, captions on. */
async function composition(client: ApiClient): Promise<Composition> {
  const described = await client.call(mediaApi.describe, {
    body: formWith([
      clipFile('clip.mp4', 4, W, H),
      pictureFile('photo.png', { width: 640, height: 360 }),
    ]),
  })
  const [clip, photo] = described.data.descriptions
  return {
    movieParams: {
      width: W,
      height: H,
      voice: 'bdl',
      captions: CaptionsSchema.parse({ enabled: true }),
    },
    composition: [
      {
        id: 'clip',
        filename: clip!.filename,
        duration: 3,
        effects: [],
        narration: 'The morning light fell softly over the quiet hills',
      },
      {
        id: 'photo',
        filename: photo!.filename,
        duration: 2,
        effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 140 } }],
        narration: 'We walked along the river until the sun went down',
      },
    ],
  } as Composition
}

async function render(client: ApiClient, c: Composition) {
  const answer = await client.call(compositionApi.render, {
    body: { composition: c },
  })
  expect(answer.status).toBe(200)
  return answer.data.taskId
}

async function result(client: ApiClient, taskId: string) {
  const task = await waitForTask(client, taskId, undefined, { timeoutMs: 150_000 })
  expect(task.state).toBe('FINISHED')
  const video = await client.call(tasksApi.result, { params: { id: taskId } })
  const file = path.join(server.env.DATA_DIR, `${taskId}.mp4`)
  await writeFile(file, video.body)
  return file
}

/** Every frame's luma. */
function lumaFrames(file: string): Buffer[] {
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { maxBuffer: 1 << 28 },
  )
  const frames: Buffer[] = []
  for (let at = 0; at < raw.length; at += W * H) frames.push(raw.subarray(at, at + W * H))
  return frames
}

function psnr(a: Buffer, b: Buffer): number {
  let se = 0
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2
  return se === 0 ? 99 : 10 * Math.log10((255 * 255) / (se / a.length))
}

function streams(file: string) {
  const json = execFileSync('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,start_time,duration'],
    ...['-of', 'json', file],
  ]).toString()
  return (JSON.parse(json) as { streams: Record<string, string>[] }).streams
}

const length = (file: string) =>
  Number(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    ]),
  )

/**
 * The split video is the single one: as many frames, each the same picture, none shifted at a
 * seam (where the picture moves), the streams aligned and the speech starting at the same
 * times, within a frame.
 */
function expectSameVideo(split: string, single: string, seams: number[]) {
  const a = lumaFrames(single)
  const b = lumaFrames(split)
  expect(a.length).toBeGreaterThan(150)
  expect(b).toHaveLength(a.length)
  for (const [i, frame] of b.entries()) expect(psnr(frame, a[i]!), `frame ${i}`).toBeGreaterThan(35)
  let checked = 0
  for (const seam of seams) {
    for (const i of [seam - 1, seam]) {
      for (const j of [i - 1, i + 1].filter((j) => psnr(a[i]!, a[j]!) < 35)) {
        expect(psnr(b[i]!, a[i]!), `frame ${i}`).toBeGreaterThan(psnr(b[i]!, a[j]!) + 3)
        checked++
      }
    }
  }
  expect(checked).toBeGreaterThan(0)
  const [x, y] = [streams(single), streams(split)]
  for (const type of ['video', 'audio']) {
    const s = x.find((t) => t.codec_type === type)!
    const t = y.find((t) => t.codec_type === type)!
    expect(Math.abs(Number(s.start_time) - Number(t.start_time))).toBeLessThan(1 / 30)
    expect(Math.abs(Number(s.duration) - Number(t.duration))).toBeLessThan(1 / 30)
  }
  const [starts, splitStarts] = [
    soundStarts(single, length(single)),
    soundStarts(split, length(split)),
  ]
  expect(starts.length).toBeGreaterThan(1)
  expect(splitStarts).toHaveLength(starts.length)
  for (const [k, t] of starts.entries()) expect(Math.abs(splitStarts[k]! - t)).toBeLessThan(1 / 30)
}

type Range = { start: number; end: number }
const rangesOf = (ws: WorkerProcess[], taskId: string) =>
  ws.flatMap((w) => w.entries('render split')).find((e) => e.taskId === taskId)?.ranges as
    Range[] | undefined
const rangeRuns = (w: WorkerProcess, msg: string, taskId: string) =>
  w
    .entries(msg)
    .flatMap((e) => (e.taskId === taskId ? [`${e.start as number}-${e.end as number}`] : []))

describe.skipIf(!process.env.TEST_DATABASE_URL)('a render split across workers', () => {
  let client: ApiClient
  let c: Composition
  let single: string

  beforeAll(async () => {
    server = await startTestServer()
    ;({ client } = await signUp(server))
    c = await composition(client)
    // The reference: one worker, splitting off, renders in one piece as always.
    const alone = worker()
    single = await result(client, await render(client, c))
    expect(alone.entries('render split')).toEqual([])
    await stop(alone)
  }, 240_000)
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL')
    await server?.close()
  })

  it('joins ranges drawn by two workers into the single render, frame for frame', async () => {
    const pair = [worker(SPLIT), worker(SPLIT)]
    const taskId = await render(client, c)
    const split = await result(client, taskId)
    const ranges = rangesOf(pair, taskId)!
    expect(ranges).toHaveLength(2)
    // Both workers drew: one range each.
    expect(pair.map((w) => rangeRuns(w, 'render range finished', taskId).length)).toEqual([1, 1])
    expectSameVideo(
      split,
      single,
      ranges.slice(1).map((r) => r.start),
    )
    const files = await readdir(path.join(server.env.DATA_DIR, 'files', 'renders', taskId))
    expect(files.sort()).toEqual(['captions.vtt', 'thumbnail.jpg', 'video.mp4'])
    await Promise.all(pair.map(stop))
  }, 240_000)

  it('retries alone the range of a worker killed mid-range', async () => {
    const pair = [worker(SPLIT), worker(SPLIT)]
    const taskId = await render(client, c)
    // The victim: the worker drawing a range of the render it does not coordinate.
    const victim = await until('a range on the other worker', () =>
      pair.find(
        (w) =>
          rangeRuns(w, 'render range started', taskId).length > 0 &&
          !w.logged('render started').includes(taskId),
      ),
    )
    const [lost] = rangeRuns(victim, 'render range started', taskId)
    // At once: a 320x180 range can be drawn in under a second, and a worker that had finished
    // its range before the kill (as one did after a fixed second's wait) loses nothing.
    victim.child.kill('SIGKILL')
    const survivor = pair.find((w) => w !== victim)!
    const split = await result(client, taskId)
    const ranges = rangesOf(pair, taskId)!
    // The lost range was drawn again by the survivor; the others were drawn once, not redone.
    expect(rangeRuns(victim, 'render range finished', taskId)).toEqual([])
    const redrawn = rangeRuns(survivor, 'render range finished', taskId)
    expect(redrawn.sort()).toEqual(ranges.map((r) => `${r.start}-${r.end}`).sort())
    expect(redrawn.filter((r) => r === lost)).toHaveLength(1)
    expectSameVideo(
      split,
      single,
      ranges.slice(1).map((r) => r.start),
    )
    // The supervisor's next sweep, called now instead of waited for, removes what the killed
    // worker left.
    await sweepOrphanWork(server.env.DATA_DIR, server.app.services.db)
    const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])
    expect(tmp.filter((n) => n.startsWith('range-') || n.startsWith('render-'))).toEqual([])
  }, 240_000)
})
