import { z } from 'zod'

const channel = z.number().int().min(0).max(255)

export const ColorSchema = z.object({ r: channel, g: channel, b: channel })
export type Color = z.infer<typeof ColorSchema>
