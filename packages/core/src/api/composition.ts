import { z } from 'zod'
import { CompositionSchema } from '../composition'
import { ImageDescriptionSchema } from '../media-file'
import { RatioSchema } from '../ratios'
import { endpoint } from './endpoint'

export const CreateCompositionBodySchema = z.object({
  suggestion: z.string().max(2000).default(''),
  imageDescriptions: z.array(ImageDescriptionSchema).min(1).max(50),
  /**
   * The format chosen on /format: framing and text placement are judged for it, and the movie
   * comes back at its size. Absent (SPEC's two fields), the movie is 16:9.
   */
  ratio: RatioSchema.default('16:9'),
})
export type CreateCompositionBody = z.infer<typeof CreateCompositionBodySchema>

export const CreateCompositionAnswerSchema = z.object({ content: CompositionSchema })

export const RenderBodySchema = z.object({ composition: CompositionSchema })
export type RenderBody = z.infer<typeof RenderBodySchema>

export const RenderAnswerSchema = z.object({ taskId: z.string() })

export const compositionApi = {
  /** Fifty descriptions of about 1.5 KB each (a vision model's included), with room to spare. */
  create: endpoint({
    method: 'POST',
    path: '/composition/create',
    body: CreateCompositionBodySchema,
    answer: CreateCompositionAnswerSchema,
    maxBodyBytes: 256 * 1024,
  }),
  /** Fifty slides of ten effects at their longest texts come to about 1.2 MB. */
  render: endpoint({
    method: 'POST',
    path: '/composition/render',
    body: RenderBodySchema,
    answer: RenderAnswerSchema,
    maxBodyBytes: 2 * 1024 * 1024,
  }),
}
