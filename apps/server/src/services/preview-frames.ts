import { availableParallelism } from 'node:os'
import { PREVIEW_FRAME_LIMITS, previewFrameCost, type FrameBody } from '@storyreel/core'
import {
  FramePoolFullError,
  FrameTimeLimitError,
  startFramePool,
  type MediaTools,
} from '@storyreel/render/server'
import { AppError } from '../http/app-error'

/** Frame threads: one per core beside the event loop's, two at most (previews are small). */
const THREADS = Math.min(2, Math.max(1, availableParallelism() - 1))
/** Frames that may wait for a busy thread before more are refused. */
const MAX_WAITING = 4 * THREADS
/**
 * A frame thread nobody asked a frame of for this long ends, giving its memory back to the idle
 * server; an editor that starts again pays one thread start (decision 015).
 */
const THREAD_IDLE_MS = 30_000

/**
 * The editor's preview frames, drawn through the render engine without ever blocking the event
 * loop: on a few threads (started with the first frame), each frame within a time limit, one
 * frame at a time per user, and only frames the budget allows (core's PREVIEW_FRAME_LIMITS).
 */
export function openPreviewFrames(tools: MediaTools) {
  const pool = startFramePool({
    size: THREADS,
    maxWaiting: MAX_WAITING,
    timeLimitMs: PREVIEW_FRAME_LIMITS.timeLimitMs,
    idleMs: THREAD_IDLE_MS,
  })
  const drawing = new Set<string>()

  return {
    /** A JPEG of the frame; `mediaPath` fetches the slide's media once the frame may be drawn. */
    async draw(userId: string, body: FrameBody, mediaPath: () => Promise<string>) {
      const { composition, slideIndex, t } = body
      const slide = composition.composition[slideIndex]!
      if (previewFrameCost(slide, composition.movieParams) > PREVIEW_FRAME_LIMITS.maxCostSeconds) {
        throw new AppError('msg_composition_too_costly')
      }
      if (drawing.has(userId)) throw new AppError('msg_too_many_requests')
      drawing.add(userId)
      try {
        const path = await mediaPath()
        return await pool.draw({ composition, slideIndex, t, mediaPath: path, tools })
      } catch (e) {
        if (e instanceof FrameTimeLimitError) throw new AppError('msg_composition_too_costly')
        if (e instanceof FramePoolFullError) throw new AppError('msg_too_many_requests')
        throw e
      } finally {
        drawing.delete(userId)
      }
    },
    close: () => pool.close(),
  }
}
