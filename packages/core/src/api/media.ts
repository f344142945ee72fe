import { z } from 'zod'
import { ImageDescriptionSchema, MediaFileSchema } from '../media-file'
import { endpoint } from './endpoint'

export const DescribeAnswerSchema = z.object({ descriptions: z.array(ImageDescriptionSchema) })
export type DescribeAnswer = z.infer<typeof DescribeAnswerSchema>

export const MediaListAnswerSchema = z.array(MediaFileSchema)

/** Stored media names: a random id plus an accepted extension, nothing that can climb a path. */
export const MediaNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}\.(png|jpe?g|webp|gif|mp4)$/i, 'invalid media name')

export const MediaNameParamsSchema = z.object({ name: MediaNameSchema })

/** `compressed=true` asks for each file's preview URL (SPEC section 7). */
export const MediaListQuerySchema = z.object({
  compressed: z.enum(['true', 'false']).optional(),
})

export const mediaApi = {
  /** Stores the uploaded files (multipart: files, suggestion) and describes each. */
  describe: endpoint({
    method: 'POST',
    path: '/media/describe',
    body: 'multipart',
    answer: DescribeAnswerSchema,
  }),
  listUploads: endpoint({
    method: 'GET',
    path: '/web/tasks/user/uploads',
    query: MediaListQuerySchema,
    answer: MediaListAnswerSchema,
  }),
  getUpload: endpoint({
    method: 'GET',
    path: '/web/tasks/user/uploads/:name',
    params: MediaNameParamsSchema,
    answer: 'binary',
  }),
  deleteUpload: endpoint({
    method: 'DELETE',
    path: '/web/tasks/user/uploads/:name',
    params: MediaNameParamsSchema,
    answer: z.null(),
  }),
}
