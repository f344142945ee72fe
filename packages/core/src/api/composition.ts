import { z } from 'zod'
import { CompositionSchema } from '../composition'
import { ImageDescriptionSchema } from '../media-file'

export const CreateCompositionBodySchema = z.object({
  suggestion: z.string().max(2000).default(''),
  imageDescriptions: z.array(ImageDescriptionSchema).min(1).max(50),
})
export type CreateCompositionBody = z.infer<typeof CreateCompositionBodySchema>

export const CreateCompositionAnswerSchema = z.object({ content: CompositionSchema })

export const RenderBodySchema = z.object({ composition: CompositionSchema })
export type RenderBody = z.infer<typeof RenderBodySchema>

export const RenderAnswerSchema = z.object({ taskId: z.string() })
