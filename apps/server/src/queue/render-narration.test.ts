import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CaptionsSchema,
  NARRATION_PAUSE_SECONDS,
  NARRATION_TARGET_LUFS,
  compositionApi,
  durationWithNarration,
  mediaApi,
  narrationWords,
  tasksApi,
  type Composition,
} from '@storyreel/core'
import { slideSpans } from '@storyreel/render/server'
import { integratedLoudness, soundStarts } from '../../test/audio-measures'
import { settled, signUp, waitForTask, type ApiClient } from '../../test/client'
import { formWith, pictureFile } from '../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'
import { loadTask } from '../services/render-tasks'
import { speak, speechCacheBytes } from '../services/speech'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ worker: true })
  // Every subtask the task is given, in order, from the database itself: a poll could miss a
  // step shorter than its interval.
  const { db } = server.app.services
  await db.execute(sql`create table subtask_log (
    seq serial primary key, task_id uuid not null, subtask text not null)`)
  await db.execute(sql`create function log_subtask() returns trigger language plpgsql as $$
    begin
      insert into subtask_log (task_id, subtask) values (new.id, new.subtask);
      return new;
    end $$`)
  await db.execute(sql`create trigger log_subtask after update of subtask on tasks for each row
    when (new.subtask is not null and new.subtask is distinct from old.subtask)
    execute function log_subtask()`)
}, 60_000)
afterAll(() => server.close())

async function subtasksOf(taskId: string): Promise<string[]> {
  // PGlite and node-postgres both answer with the rows under `rows`.
  const { rows } = (await server.app.services.db.execute(
    sql`select subtask from subtask_log where task_id = ${taskId} order by seq`,
  )) as unknown as { rows: { subtask: string }[] }
  return rows.map((r) => r.subtask)
}

const NARRATION = [
  'The morning light fell softly over the quiet hills',
  'We walked along the river until the sun went down',
]

async function composition(client: ApiClient, voice: 'bdl' | null): Promise<Composition> {
  const described = await client.call(mediaApi.describe, {
    body: formWith([pictureFile('a.png'), pictureFile('b.jpg', { hue: 30, format: 'jpeg' })]),
  })
  return {
    movieParams: {
      width: 180,
      height: 320,
      voice,
      captions: CaptionsSchema.parse({ enabled: true }),
    },
    composition: described.data.descriptions.map((d, k) => ({
      id: `slide${k}`,
      filename: d.filename,
      // Shorter than the narration: the render stretches it.
      duration: 1,
      effects: [],
      narration: NARRATION[k],
    })),
  }
}

async function render(client: ApiClient, c: Composition) {
  const answer = await client.call(compositionApi.render, {
    body: { composition: c },
  })
  expect(answer.status).toBe(200)
  const { taskId } = answer.data
  const task = await waitForTask(client, taskId, settled, { timeoutMs: 120_000 })
  expect(task.state).toBe('FINISHED')
  const video = await client.call(tasksApi.result, { params: { id: taskId } })
  const file = path.join(server.env.DATA_DIR, `${taskId}.mp4`)
  await writeFile(file, video.body)
  const length = Number(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    ]),
  )
  return { taskId, file, length }
}

describe('a narrated render', () => {
  let client: ApiClient
  let narrated: Composition
  let result: Awaited<ReturnType<typeof render>>
  let spans: { start: number; end: number }[]

  beforeAll(async () => {
    ;({ client } = await signUp(server))
    narrated = await composition(client, 'bdl')
    result = await render(client, narrated)
    // The speech the render used, from the cache it left for its user.
    const { userId } = (await loadTask(server.app.services.db, result.taskId))!
    const deps = { ...server.app.services, cacheBytes: speechCacheBytes(server.env) }
    const seconds = await Promise.all(
      NARRATION.map(async (text) => (await speak(deps, { userId, text, voice: 'bdl' })).seconds),
    )
    spans = slideSpans(seconds.map((s) => durationWithNarration(1, s)))
  }, 180_000)

  it('goes through the subtasks in order, generating the audio before rendering', async () => {
    expect(await subtasksOf(result.taskId)).toEqual([
      'PROCESSING_COMPOSITION',
      'GENERATING_AUDIO',
      'RENDERING_VIDEO',
    ])
  })

  it('stretches each slide to its narration and a pause', () => {
    for (const s of spans) expect(s.end - s.start).toBeGreaterThan(2)
    expect(result.length).toBeCloseTo(spans.at(-1)!.end, 1)
  })

  it('answers the video’s length, the MP4’s, in the task and in the list; none before', async () => {
    const answer = await client.call(tasksApi.get, { params: { id: result.taskId } })
    expect(Math.abs(answer.data.videoSeconds! - result.length)).toBeLessThanOrEqual(0.05)
    const list = await client.call(tasksApi.listUser, { query: {} })
    const listed = list.data.find((t) => t.id === result.taskId)!
    expect(listed.videoSeconds).toBe(answer.data.videoSeconds)
    const queued = await client.call(compositionApi.render, { body: { composition: narrated } })
    const pending = await client.call(tasksApi.get, { params: { id: queued.data.taskId } })
    // Asked at once: a render of seconds of speech is still queued or rendering.
    expect(pending.data.state).not.toBe('FINISHED')
    expect(pending.data.videoSeconds).toBeNull()
    await waitForTask(client, queued.data.taskId, settled, { timeoutMs: 120_000 })
  })

  it("keeps and answers the composition as rendered, in SPEC's shape: no spoken words", async () => {
    const answer = await client.call(tasksApi.get, { params: { id: result.taskId } })
    const stored = await loadTask(server.app.services.db, result.taskId)
    for (const kept of [answer.data.composition!, stored!.composition]) {
      for (const slide of kept.composition) {
        expect(slide.duration).toBeGreaterThan(2)
        expect(Object.keys(slide).sort()).toEqual([
          'duration',
          'effects',
          'filename',
          'id',
          'narration',
        ])
      }
    }
  })

  it("starts each slide's speech on its slide's start, silent before the next", () => {
    const starts = soundStarts(result.file, result.length, NARRATION_PAUSE_SECONDS * 0.75)
    expect(starts).toHaveLength(NARRATION.length)
    for (const [k, s] of spans.entries()) expect(Math.abs(starts[k]! - s.start)).toBeLessThan(0.1)
  })

  it('is as loud as podcasts: the target integrated loudness, within 1 LU', () => {
    expect(Math.abs(integratedLoudness(result.file) - NARRATION_TARGET_LUFS)).toBeLessThan(1)
  })

  it('serves the captions as WebVTT to the owner, word by word, on the video’s time', async () => {
    const vtt = await client.call(tasksApi.captions, { params: { id: result.taskId } })
    expect(vtt.status).toBe(200)
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
    const text = vtt.body.toString()
    expect(text.startsWith('WEBVTT\n\n')).toBe(true)
    const words = text
      .split('\n')
      .filter((l) => l && !l.includes('-->') && l !== 'WEBVTT')
      .flatMap((l) => l.replace(/<[^>]+>/g, '').split(' '))
    expect(words).toEqual(NARRATION.flatMap(narrationWords))
    expect(text).toMatch(/ <00:00:0\d\.\d{3}>\w/)
    // The second slide's first cue starts on that slide.
    const cueStarts = [...text.matchAll(/^(\d\d):(\d\d):(\d\d\.\d{3}) -->/gm)].map(
      (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    )
    expect(cueStarts.some((t) => Math.abs(t - spans[1]!.start) < 0.15)).toBe(true)
    // A player reads it: ffmpeg's WebVTT reader turns it into subtitles.
    const vttFile = path.join(server.env.DATA_DIR, 'check.vtt')
    await writeFile(vttFile, vtt.body)
    const srt = execFileSync('ffmpeg', ['-v', 'error', '-i', vttFile, '-f', 'srt', '-']).toString()
    expect(srt).toContain('The morning light')
  })

  it("refuses another user's request for the captions as missing", async () => {
    const other = await signUp(server)
    const answer = await other.client.call(tasksApi.captions, { params: { id: result.taskId } })
    expect(answer.status).toBe(404)
  })
})

describe('a render with the voice Off', () => {
  it('speaks nothing, stretches nothing and has no captions', async () => {
    const { client } = await signUp(server)
    const silent = await composition(client, null)
    const result = await render(client, silent)
    expect(await subtasksOf(result.taskId)).toEqual(['PROCESSING_COMPOSITION', 'RENDERING_VIDEO'])
    expect(result.length).toBeCloseTo(2, 1)
    expect(soundStarts(result.file, result.length)).toEqual([])
    const vtt = await client.call(tasksApi.captions, { params: { id: result.taskId } })
    expect(vtt.status).toBe(404)
  }, 180_000)
})

describe('a render whose narration has nothing to say', () => {
  it('renders the slides silent, as with the voice Off', async () => {
    const { client } = await signUp(server)
    const c = await composition(client, 'bdl')
    const punctuation = {
      ...c,
      composition: c.composition.map((s, k) => ({ ...s, narration: ['   ...', '!!!'][k] })),
    }
    const result = await render(client, punctuation)
    expect(await subtasksOf(result.taskId)).toEqual(['PROCESSING_COMPOSITION', 'RENDERING_VIDEO'])
    expect(result.length).toBeCloseTo(2, 1)
    expect(soundStarts(result.file, result.length)).toEqual([])
  }, 180_000)
})
