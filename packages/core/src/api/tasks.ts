import { z } from 'zod'
import { TaskSchema } from '../task'

export const TaskIdParamsSchema = z.object({ id: z.uuid() })

export const TaskListAnswerSchema = z.array(TaskSchema)

export const ThumbnailAnswerSchema = z.object({ url: z.string().nullable() })
