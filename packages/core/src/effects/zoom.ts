import { z } from 'zod'
import type { Preset } from './preset'

export const ZOOM_DEFAULTS = { zoomStart: 100, zoomEnd: 180 }

/**
 * 100 means the media exactly covers the frame. The optional focus point (percent of the media)
 * is where analysis found the subject; the zoom closes in on it (centre by default).
 */
export const ZoomParamsSchema = z.object({
  zoomStart: z.number().default(ZOOM_DEFAULTS.zoomStart),
  zoomEnd: z.number().default(ZOOM_DEFAULTS.zoomEnd),
  focusX: z.number().min(0).max(100).optional(),
  focusY: z.number().min(0).max(100).optional(),
})
export type ZoomParams = z.infer<typeof ZoomParamsSchema>

export const ZOOM_PRESETS: Preset<ZoomParams>[] = [
  { name: 'Default', params: { zoomStart: 100, zoomEnd: 180 } },
  { name: 'Quick', params: { zoomStart: 120, zoomEnd: 200 } },
  { name: 'Slow', params: { zoomStart: 80, zoomEnd: 150 } },
  { name: 'Extreme', params: { zoomStart: 150, zoomEnd: 250 } },
]
