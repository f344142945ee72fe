import { z } from 'zod'
import { defineEffect } from './descriptor'

/**
 * The spec gives pan a label only. We render it as a slow, eased left-to-right pan across the
 * media enlarged to cover the frame with room to travel; it has no params.
 */
export const PanParamsSchema = z.object({})
export type PanParams = z.infer<typeof PanParamsSchema>

export const panEffect = defineEffect({
  name: 'pan',
  label: 'Pan',
  icon: 'move-horizontal',
  params: PanParamsSchema,
  defaults: {},
  sliders: {},
  // The camera draws the media: the base cost, nothing on top.
  renderCost: { weight: 0, costliest: {} },
})
