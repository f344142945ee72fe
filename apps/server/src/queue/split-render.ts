import { createHash } from 'node:crypto'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { FPS, planRanges, type FrameRange, type RenderedComposition } from '@storyreel/core'
import { joinSegments, slideFrameCounts, type MediaTools } from '@storyreel/render/server'
import { storageKeys, type Storage } from '../adapters/storage/storage'
import {
  RangeBeatSchema,
  rangeThumbnailKey,
  renderRangeQueue,
  type RenderRangeJob,
} from './jobs/render-range'
import { HEARTBEAT_STALE_MS } from './liveness'
import { RENDER_QUEUES } from './task-life'

/** When a render is split (decision 016): the fleet's render slots, and the shortest range. */
export interface SplitConfig {
  /** Render slots in the whole fleet; 1 never splits. */
  workers: number
  minRangeSeconds: number
}

export interface SplitDeps {
  storage: Storage
  tools: MediaTools
  log: FastifyBaseLogger
  boss: PgBoss
  split: SplitConfig
}

/** A split render's plan, kept in storage so that a retry of its task draws the same ranges. */
const PlanSchema = z.object({
  hash: z.string(),
  ranges: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
})

export interface SplitPlan {
  /** What is drawn (the composition as rendered, its captions' words too): names the segments. */
  hash: string
  ranges: FrameRange[]
}

const POLL_MS = 1000
/** A range's job is retried under a new id once its previous jobs all ended without a segment. */
const MAX_JOB_GENERATIONS = 8

const planKey = (taskId: string) => `${storageKeys.split(taskId)}/plan.json`
const segmentKey = (taskId: string, plan: SplitPlan, r: FrameRange) =>
  `${storageKeys.split(taskId)}/${plan.hash}-${r.start}-${r.end}.ts`

function contentHash(composition: RenderedComposition) {
  return createHash('sha256').update(JSON.stringify(composition)).digest('hex').slice(0, 16)
}

/** A job id that every run of the task computes alike: a retried coordinator finds its ranges. */
function jobId(key: string, generation: number) {
  const hex = createHash('sha256').update(`${key}#${generation}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * Render slots that no job holds: the fleet's, less the renders (long and short) and ranges
 * running or waiting (the asking render's own slot counts as idle, since it only coordinates
 * while split).
 */
async function idleSlots(boss: PgBoss, workers: number) {
  const before = { before: 'completed' as const }
  let renders = 0
  for (const queue of RENDER_QUEUES) renders += (await boss.getQueueSize(queue, before)) ?? 0
  const ranges = await boss.getQueueSize(renderRangeQueue.name, before)
  return workers - Math.max(0, renders - 1) - (ranges ?? 0)
}

/**
 * The ranges to draw on several workers, or null to render in one piece as always: when more
 * than one render slot is idle and the video is long enough for each to draw at least the
 * minimum range. A retried task keeps the plan of its first run, so drawn ranges stay useful.
 */
export async function planSplit(
  deps: SplitDeps,
  taskId: string,
  composition: RenderedComposition,
): Promise<SplitPlan | null> {
  const { split, storage } = deps
  if (split.workers < 2) return null
  const counts = slideFrameCounts(composition.composition.map((s) => s.duration))
  const minFrames = Math.round(split.minRangeSeconds * FPS)
  if (counts.reduce((a, b) => a + b, 0) < 2 * minFrames) return null
  const hash = contentHash(composition)
  if ((await storage.size(planKey(taskId))) !== null) {
    const kept = PlanSchema.safeParse(
      JSON.parse(await readFile(await storage.localPath(planKey(taskId)), 'utf8')),
    )
    if (kept.success && kept.data.hash === hash) return kept.data
  }
  const idle = await idleSlots(deps.boss, split.workers)
  const ranges = planRanges(counts, { workers: idle, minFrames })
  return ranges.length > 1 ? { hash, ranges } : null
}

async function storePlan(storage: Storage, taskId: string, plan: SplitPlan, work: string) {
  const file = path.join(work, 'plan.json')
  await writeFile(file, JSON.stringify(plan))
  await storage.putFile(planKey(taskId), file)
}

interface RangeState {
  range: FrameRange
  key: string
  generation: number
  done: boolean
  /** Frames drawn, as its worker last said. */
  frames: number
}

/** Makes sure a job will draw the range: the newest of its jobs if it may still, else a new one. */
async function ensureJob(
  deps: SplitDeps,
  state: RangeState,
  payload: RenderRangeJob,
  expireInSeconds: number,
) {
  const queue = renderRangeQueue.name
  for (; state.generation < MAX_JOB_GENERATIONS; state.generation++) {
    const id = jobId(state.key, state.generation)
    const job = await deps.boss.getJobById(queue, id)
    if (job && ['created', 'retry', 'active'].includes(job.state)) return
    if (!job) {
      await deps.boss.send(queue, payload, { id, expireInSeconds })
      return
    }
  }
  throw new Error(`range ${state.range.start}-${state.range.end} failed too many times`)
}

/**
 * Renders the task as split: queues one range job per range not stored yet, waits for them
 * (summing their progress, failing back to the queue a range whose worker stopped beating, so
 * that it alone is retried), then joins the segments and mixes the soundtrack once into
 * `outFile`. The thumbnail comes from the range that holds its frame.
 */
export async function renderSplit(
  deps: SplitDeps,
  r: {
    taskId: string
    plan: SplitPlan
    composition: RenderedComposition
    mediaPaths: string[]
    narration: string | null
    /** The narration and music mixed, heard instead of the narration track. */
    soundtrack: string | null
    outFile: string
    thumbnailFile: string
    work: string
    timeLimitSeconds: number
    signal: AbortSignal
    onProgress: (percent: number) => void
    onThumbnail: (file: string) => void
  },
): Promise<{ ranges: { start: number; end: number }[]; joinSeconds: number }> {
  const { storage, boss, log } = deps
  const { plan, taskId, signal } = r
  await storePlan(storage, taskId, plan, r.work)
  const states: RangeState[] = plan.ranges.map((range) => ({
    range,
    key: segmentKey(taskId, plan, range),
    generation: 0,
    done: false,
    frames: 0,
  }))
  const total = plan.ranges.at(-1)!.end
  const payload = (s: RangeState): RenderRangeJob => ({
    taskId,
    key: s.key,
    range: s.range,
    composition: r.composition,
  })
  const expireIn = Math.ceil(r.timeLimitSeconds) + 60
  log.info({ taskId, ranges: plan.ranges }, 'render split')
  let thumbnailShown = false
  for (;;) {
    signal.throwIfAborted()
    for (const s of states.filter((s) => !s.done)) {
      if ((await storage.size(s.key)) !== null) {
        s.done = true
        continue
      }
      const job = await boss.getJobById(renderRangeQueue.name, jobId(s.key, s.generation))
      const beat = RangeBeatSchema.safeParse(job?.output)
      s.frames = beat.success ? beat.data.frames : 0
      if (job?.state === 'active') {
        const lastSign = Math.max(
          beat.success ? beat.data.beatAt : 0,
          new Date(job.startedOn).getTime(),
        )
        if (Date.now() - lastSign > HEARTBEAT_STALE_MS) {
          log.warn({ taskId, range: s.range }, 'render range worker stopped; retrying the range')
          await boss.fail(renderRangeQueue.name, job.id, { message: 'worker stopped' })
        }
      } else if (job?.state === 'failed' || job?.state === 'cancelled') {
        throw new Error(
          `range ${s.range.start}-${s.range.end} failed: ${JSON.stringify(job.output)}`,
        )
      } else if (job?.state === 'completed' && (await storage.size(s.key)) !== null) {
        // Stored between the two looks: taken as done on the next round.
      } else {
        await ensureJob(deps, s, payload(s), expireIn)
      }
    }
    for (const s of states.filter((s) => s.done && !thumbnailShown)) {
      const key = rangeThumbnailKey(s.key)
      if ((await storage.size(key)) === null) continue
      await copyFile(await storage.localPath(key), r.thumbnailFile)
      thumbnailShown = true
      r.onThumbnail(r.thumbnailFile)
    }
    const drawn = states.reduce(
      (sum, s) => sum + (s.done ? s.range.end - s.range.start : s.frames),
      0,
    )
    r.onProgress(Math.min(99, (drawn * 100) / total))
    if (states.every((s) => s.done)) break
    await sleep(POLL_MS, undefined, { signal })
  }
  if (!thumbnailShown) throw new Error('no range drew the thumbnail')
  const joinStarted = Date.now()
  const segments: string[] = []
  for (const s of states) segments.push(await storage.localPath(s.key))
  await joinSegments({
    composition: r.composition,
    mediaPaths: r.mediaPaths,
    segments,
    narration: r.narration,
    soundtrack: r.soundtrack,
    outFile: r.outFile,
    tools: deps.tools,
    signal,
  })
  const joinSeconds = (Date.now() - joinStarted) / 1000
  log.info({ taskId, joinSeconds }, 'render split joined')
  return { ranges: plan.ranges, joinSeconds }
}
