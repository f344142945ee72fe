import { z } from 'zod'
import { defineEffect, numberIn, type SliderRange } from './descriptor'

const defaults = { zoomStart: 100, zoomEnd: 180 }

/**
 * The zoom sliders. SPEC section 5 says 0 to 200, but its Extreme preset ends at 250: the sliders
 * go to 250 so that a preset's value is one they can show and reach (the editor's choice).
 */
const ZOOM_SLIDER: SliderRange = { min: 0, max: 250, step: 1 }
/** The Extreme preset goes past the slider, to 250. */
const ZOOM = { min: ZOOM_SLIDER.min, max: 250 }

/**
 * 100 means the media exactly covers the frame. The optional focus point (percent of the media)
 * is where analysis found the subject; the zoom closes in on it (centre by default).
 */
export const ZoomParamsSchema = z.object({
  zoomStart: numberIn(ZOOM).default(defaults.zoomStart),
  zoomEnd: numberIn(ZOOM).default(defaults.zoomEnd),
  focusX: z.number().min(0).max(100).optional(),
  focusY: z.number().min(0).max(100).optional(),
})
export type ZoomParams = z.infer<typeof ZoomParamsSchema>

export const zoomEffect = defineEffect({
  name: 'zoom',
  label: 'Zoom',
  icon: 'zoom-in',
  params: ZoomParamsSchema,
  defaults,
  presets: [
    { name: 'Default', params: { zoomStart: 100, zoomEnd: 180 } },
    { name: 'Quick', params: { zoomStart: 120, zoomEnd: 200 } },
    { name: 'Slow', params: { zoomStart: 80, zoomEnd: 150 } },
    { name: 'Extreme', params: { zoomStart: 150, zoomEnd: 250 } },
  ],
  sliders: {
    zoomStart: ZOOM_SLIDER,
    zoomEnd: ZOOM_SLIDER,
  },
  // Set by the analysis of the media, not by hand.
  hidden: ['focusX', 'focusY'],
  // The camera draws the media: the base cost, nothing on top.
  renderCost: { weight: 0, costliest: { zoomStart: 100, zoomEnd: 250 } },
})
