import { z } from 'zod'

/**
 * The spec gives pan a label only. We render it as a slow, eased left-to-right pan across the
 * media enlarged to cover the frame with room to travel; it has no params.
 */
export const PanParamsSchema = z.object({})
export type PanParams = z.infer<typeof PanParamsSchema>

export const PAN_DEFAULTS: PanParams = {}
