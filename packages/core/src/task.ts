import { z } from 'zod'

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
  /** Why a task was cancelled, readable by the user. */
  error: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
})
export type Task = z.infer<typeof TaskSchema>
