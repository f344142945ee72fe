import { z } from 'zod'
import { ImageDescriptionSchema, MediaFileSchema } from '../media-file'

export const DescribeAnswerSchema = z.object({ descriptions: z.array(ImageDescriptionSchema) })
export type DescribeAnswer = z.infer<typeof DescribeAnswerSchema>

export const MediaListAnswerSchema = z.array(MediaFileSchema)

/** Stored media names: a random id plus an accepted extension, nothing that can climb a path. */
export const MediaNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}\.(png|jpe?g|webp|gif|mp4)$/i, 'invalid media name')
