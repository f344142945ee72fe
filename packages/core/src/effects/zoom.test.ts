import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, EFFECT_PRESETS, newEffect } from './index'
import { ZOOM_PRESETS, ZoomParamsSchema } from './zoom'

describe('zoom', () => {
  it('a new zoom goes from 100 to 180', () => {
    expect(newEffect('zoom').params).toEqual({ zoomStart: 100, zoomEnd: 180 })
    expect(EFFECT_DEFAULTS.zoom).toEqual({ zoomStart: 100, zoomEnd: 180 })
  })

  it('offers Default 100-180, Quick 120-200, Slow 80-150, Extreme 150-250, in that order', () => {
    expect(ZOOM_PRESETS).toEqual([
      { name: 'Default', params: { zoomStart: 100, zoomEnd: 180 } },
      { name: 'Quick', params: { zoomStart: 120, zoomEnd: 200 } },
      { name: 'Slow', params: { zoomStart: 80, zoomEnd: 150 } },
      { name: 'Extreme', params: { zoomStart: 150, zoomEnd: 250 } },
    ])
    expect(EFFECT_PRESETS.zoom).toBe(ZOOM_PRESETS)
  })

  it('keeps the focus point inside the media', () => {
    expect(ZoomParamsSchema.safeParse({ focusX: 50, focusY: 0 }).success).toBe(true)
    expect(ZoomParamsSchema.safeParse({ focusX: 101 }).success).toBe(false)
    expect(ZoomParamsSchema.safeParse({ focusY: -1 }).success).toBe(false)
  })
})
