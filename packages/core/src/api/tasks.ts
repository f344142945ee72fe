import { z } from 'zod'
import { TaskSchema } from '../task'
import { endpoint } from './endpoint'

export const TaskIdParamsSchema = z.object({ id: z.uuid() })

export const TaskListAnswerSchema = z.array(TaskSchema)

export const ThumbnailAnswerSchema = z.object({ url: z.string().nullable() })

/** `thumbnail=true` is what the queue page sends; every task carries its thumbnail URL anyway. */
export const TaskListQuerySchema = z.object({ thumbnail: z.enum(['true', 'false']).optional() })

export const tasksApi = {
  list: endpoint({ method: 'GET', path: '/web/tasks', answer: TaskListAnswerSchema }),
  /** The queue page's list: the same answer as `list`. */
  listUser: endpoint({
    method: 'GET',
    path: '/web/tasks/user',
    query: TaskListQuerySchema,
    answer: TaskListAnswerSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/web/tasks/:id',
    params: TaskIdParamsSchema,
    answer: TaskSchema,
  }),
  result: endpoint({
    method: 'GET',
    path: '/web/tasks/result/:id',
    params: TaskIdParamsSchema,
    answer: 'binary',
  }),
  /** A finished task's narration as WebVTT captions, one cue per word; 404 without narration. */
  captions: endpoint({
    method: 'GET',
    path: '/web/tasks/result/:id/captions.vtt',
    params: TaskIdParamsSchema,
    answer: 'binary',
  }),
  thumbnail: endpoint({
    method: 'GET',
    path: '/web/tasks/thumbnail/:id',
    params: TaskIdParamsSchema,
    answer: ThumbnailAnswerSchema,
  }),
  thumbnailImage: endpoint({
    method: 'GET',
    path: '/web/tasks/thumbnail/:id/image',
    params: TaskIdParamsSchema,
    answer: 'binary',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/web/tasks/:id',
    params: TaskIdParamsSchema,
    answer: z.null(),
  }),
}
