import { z } from 'zod'
import type { Preset } from './preset'

export const BLUR_DEFAULTS = { startBlur: 50, endBlur: 0 }

export const BlurParamsSchema = z.object({
  startBlur: z.number().min(0).max(100).default(BLUR_DEFAULTS.startBlur),
  endBlur: z.number().min(0).max(100).default(BLUR_DEFAULTS.endBlur),
})
export type BlurParams = z.infer<typeof BlurParamsSchema>

export const BLUR_PRESETS: Preset<BlurParams>[] = [
  { name: 'Default', params: { startBlur: 50, endBlur: 0 } },
  { name: 'Soft', params: { startBlur: 30, endBlur: 10 } },
  { name: 'Gentle', params: { startBlur: 40, endBlur: 5 } },
  { name: 'Intense', params: { startBlur: 70, endBlur: 20 } },
]
