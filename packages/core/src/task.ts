import { z } from 'zod'
import { CompositionSchema } from './composition'

export const TaskStateSchema = z.enum(['QUEUED', 'EXECUTING', 'FINISHED', 'CANCELLED', 'DELETED'])
export type TaskState = z.infer<typeof TaskStateSchema>

export const TaskSubtaskSchema = z.enum([
  'AWAITING_EXECUTION',
  'PROCESSING_COMPOSITION',
  'GENERATING_AUDIO',
  'RENDERING_VIDEO',
])
export type TaskSubtask = z.infer<typeof TaskSubtaskSchema>

export const TASK_STATE_LABELS: Record<TaskState, string> = {
  QUEUED: 'Queued',
  EXECUTING: 'Rendering',
  FINISHED: 'Finished',
  CANCELLED: 'Cancelled',
  DELETED: 'Deleted',
}

export const TASK_SUBTASK_LABELS: Record<TaskSubtask, string> = {
  AWAITING_EXECUTION: 'Awaiting execution',
  PROCESSING_COMPOSITION: 'Processing composition',
  GENERATING_AUDIO: 'Generating audio',
  RENDERING_VIDEO: 'Rendering video',
}

/** Why a task ended CANCELLED. */
export const CancelReasonSchema = z.enum([
  'time_limit',
  'media_missing',
  'music_unusable',
  'render_failed',
  'not_queued',
])
export type CancelReason = z.infer<typeof CancelReasonSchema>

/**
 * What the user reads about each reason (fixed sentences: the details of a failure go to the log
 * only, never to the user), and whether the render still counts toward the monthly limit. A
 * render that started counts unless the fault was ours: one stopped for taking too long, or whose
 * media its user removed, used a worker all the same.
 */
export const CANCEL_REASONS: Record<CancelReason, { text: string; counts: boolean }> = {
  time_limit: {
    text: 'The video took too long to render and was stopped. Make it shorter or use fewer effects.',
    counts: true,
  },
  media_missing: {
    text: 'A picture or clip of this video is no longer in your media library.',
    counts: true,
  },
  music_unusable: {
    text: 'The music of this video is no longer in your library or cannot be played. Choose another track.',
    counts: false,
  },
  render_failed: {
    text: 'The video could not be rendered because of an error on our side. It does not count toward your monthly limit.',
    counts: false,
  },
  not_queued: {
    text: 'The render could not be queued. It does not count toward your monthly limit.',
    counts: false,
  },
}

/** The reasons whose renders count toward the monthly limit. */
export const COUNTED_CANCEL_REASONS = CancelReasonSchema.options.filter(
  (r) => CANCEL_REASONS[r].counts,
)

/** States after which a task never changes again (polling stops). */
export const FINAL_TASK_STATES: readonly TaskState[] = ['FINISHED', 'CANCELLED', 'DELETED']

export const TaskSchema = z.object({
  id: z.string(),
  state: TaskStateSchema,
  subtask: TaskSubtaskSchema.nullable(),
  /** Number of queued tasks ahead of this one, while QUEUED. */
  positionInQueue: z.number().int().min(0).nullable(),
  /** Percent of frames rendered, while EXECUTING. */
  progress: z.number().min(0).max(100).nullable(),
  taskFiles: z.array(z.object({ id: z.string() })),
  /** Why a task was cancelled, readable by the user: one of CANCEL_REASONS' sentences. */
  error: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /**
   * How long the finished video lasts, seconds: its slides as rendered (narration stretched
   * them), which is the MP4's length; null until it is finished.
   */
  videoSeconds: z.number().nonnegative().nullable(),
  createdAt: z.string(),
  /** In the single task's answer only; once FINISHED it carries its renderedVideoUrl. */
  composition: CompositionSchema.optional(),
})
export type Task = z.infer<typeof TaskSchema>
