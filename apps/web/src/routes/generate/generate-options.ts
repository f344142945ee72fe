import { UI_TEXT } from '@storyreel/core'

/** The choices of /generate (SPEC section 5, AI generation), in the order they are offered. */
export const MODELS = ['dall-e-3', 'dall-e-2'] as const
export const SIZES = ['1024x1024', '1024x1792', '1792x1024'] as const
export const QUALITIES = ['standard', 'hd'] as const
export const STYLES = ['natural', 'vivid'] as const
export const COUNTS = [1, 2, 3, 4] as const

export type Model = (typeof MODELS)[number]

export interface GenerateOptions {
  prompt: string
  model: Model
  size: (typeof SIZES)[number]
  quality: (typeof QUALITIES)[number]
  style: (typeof STYLES)[number]
  n: (typeof COUNTS)[number]
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
export function requestBody(options: GenerateOptions) {
  return {
    prompt: options.prompt.trim(),
    model: options.model,
    size: options.size,
    quality: options.quality,
    n: options.n,
  }
}
