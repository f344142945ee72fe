import type { IMAGE_COUNTS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES } from '@storyreel/core'
import { UI_TEXT, type GenerateImagesBody, type ImageModel } from '@storyreel/core'

/** The choices of /generate (SPEC section 5, AI generation) are core's, beside the call. */
export type Model = ImageModel

export interface GenerateOptions {
  prompt: string
  model: Model
  size: (typeof IMAGE_SIZES)[number]
  quality: (typeof IMAGE_QUALITIES)[number]
  style: (typeof IMAGE_STYLES)[number]
  n: (typeof IMAGE_COUNTS)[number]
}

export const DEFAULT_OPTIONS: GenerateOptions = {
  prompt: '',
  model: 'dall-e-3',
  size: '1024x1024',
  quality: 'standard',
  style: 'vivid',
  n: 1,
}

/** Only DALL·E 2 makes more than one image at once (SPEC section 5). */
export function canChooseCount(model: Model): boolean {
  return model === 'dall-e-2'
}

/** Changes the model; DALL·E 3 goes back to one image. */
export function withModel(options: GenerateOptions, model: Model): GenerateOptions {
  return { ...options, model, n: canChooseCount(model) ? options.n : 1 }
}

/** Why the options cannot be sent yet, or null when they can. */
export function optionsError(options: GenerateOptions): string | null {
  if (options.prompt.trim() === '') return 'Describe the image you want first.'
  if (options.n > 1 && !canChooseCount(options.model)) return UI_TEXT.moreImagesNeedDalle2
  return null
}

/** What POST /media/dalle gets (SPEC section 7): the style is chosen but not sent. */
export function requestBody(options: GenerateOptions): GenerateImagesBody {
  return {
    prompt: options.prompt.trim(),
    model: options.model,
    size: options.size,
    quality: options.quality,
    n: options.n,
  }
}
