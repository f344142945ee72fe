import { endpoint } from '@storyreel/core'
import { z } from 'zod'
import { ApiError } from '../../lib/api'
import { COUNTS, MODELS, QUALITIES, SIZES } from './generate-options'

/**
 * POST /media/dalle (SPEC section 7): the images made from a prompt, each a `path` to load.
 * Declared beside its only caller while the server has no such call; it moves to core's
 * api/media.ts with the server's route.
 */
export const generateImagesEndpoint = endpoint({
  method: 'POST',
  path: '/media/dalle',
  body: z.object({
    prompt: z.string().min(1),
    model: z.enum(MODELS),
    size: z.enum(SIZES),
    quality: z.enum(QUALITIES),
    n: z.number().int().min(1).max(COUNTS.length),
  }),
  answer: z.array(z.object({ path: z.string() })),
})

/**
 * The server cannot make images: it has no such call (404) or no key for the image model (a
 * `*_not_configured` code, like the stock providers' msg_stock_not_configured).
 */
export function isGenerationUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.code?.endsWith('_not_configured') ?? false))
  )
}

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
}

/** A name for the n-th generated image, with the extension of its type (uploads need one). */
export function generatedFileName(type: string, index: number): string {
  return `generated-${index + 1}${EXTENSIONS[type] ?? '.png'}`
}
