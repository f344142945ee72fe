import type { FastifyBaseLogger } from 'fastify'
import type { TaskSubtask } from '@storyreel/core'
import type { Db } from '../../db/client'
import { beat, loadTask } from '../../services/render-tasks'
import { HEARTBEAT_EVERY_MS } from '../liveness'
import { writeActiveJobOutput } from '../pg-boss-tables'
import { whyStopped } from './run-outcome'

/**
 * Writes one beat with these values: null while the work is still this worker's, else why it
 * must stop.
 */
type Beat<T> = (values: T) => Promise<Error | null>

/**
 * Beats every HEARTBEAT_EVERY_MS with the newest `values` (the worker changes them as it goes),
 * and aborts `signal` with the reason once a beat says the work is no longer this worker's.
 * Beats are written one at a time, each with the values of when it is written: a slow write never
 * brings back older values after newer ones, and a write waiting to start already carries the
 * newest, so none is queued twice. A failed write is only logged: the next beat tries again.
 */
export function startHeartbeat<T>(beat: Beat<T>, values: T, onFailure: (err: unknown) => void) {
  const abort = new AbortController()
  let writing = Promise.resolve()
  let waiting = false
  const beatNow = () => {
    if (waiting) return writing
    waiting = true
    return (writing = writing.then(async () => {
      waiting = false
      try {
        const stop = await beat(values)
        if (stop) abort.abort(stop)
      } catch (err) {
        onFailure(err)
      }
    }))
  }
  const timer = setInterval(() => void beatNow(), HEARTBEAT_EVERY_MS)
  return {
    signal: abort.signal,
    values,
    beatNow,
    /** Stops beating; settles once the write under way, if any, has ended. */
    stop() {
      clearInterval(timer)
      return writing
    },
  }
}

/**
 * A whole render's heartbeat: its progress and subtask on its task, while its run owns the task;
 * the render aborts when the task was deleted or handed to another run. A new subtask is written
 * at once (`enter`), so even a step shorter than a beat shows.
 */
export function startRunHeartbeat(
  deps: { db: Db; log: FastifyBaseLogger },
  taskId: string,
  runId: string,
) {
  const at: { progress: number; subtask: TaskSubtask } = {
    progress: 0,
    subtask: 'PROCESSING_COMPOSITION',
  }
  const heartbeat = startHeartbeat(
    async (values: typeof at) =>
      (await beat(deps.db, taskId, runId, values)) ? null : whyStopped(deps.db, taskId),
    at,
    (err) => deps.log.warn({ err }, 'heartbeat failed'),
  )
  return {
    ...heartbeat,
    enter(subtask: TaskSubtask) {
      at.subtask = subtask
      return heartbeat.beatNow()
    },
  }
}

/**
 * A range's heartbeat, for a split render (decision 016): the frames it has drawn, written into
 * its job, where its coordinator reads them. The range stops when its job is no longer active
 * (its coordinator gave it up as dead and it went to another worker) or its task no longer
 * renders (deleted, cancelled, finished): nobody needs it any more.
 */
export function startRangeHeartbeat(
  deps: { db: Db; log: FastifyBaseLogger },
  range: { queue: string; jobId: string; taskId: string },
) {
  return startHeartbeat(
    async (done: { frames: number }) => {
      const output = { frames: done.frames, beatAt: Date.now() }
      const own = await writeActiveJobOutput(deps.db, range.queue, range.jobId, output)
      const current = own ? await loadTask(deps.db, range.taskId) : null
      return own && current?.state === 'EXECUTING' ? null : new Error('range no longer needed')
    },
    { frames: 0 },
    (err) => deps.log.warn({ err }, 'range heartbeat failed'),
  )
}
