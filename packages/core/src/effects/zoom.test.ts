import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, newEffect } from './index'
import { ZoomParamsSchema } from './zoom'

describe('zoom', () => {
  it('a new zoom goes from 100 to 180', () => {
    expect(newEffect('zoom').params).toEqual({ zoomStart: 100, zoomEnd: 180 })
    expect(EFFECT_DEFAULTS.zoom).toEqual({ zoomStart: 100, zoomEnd: 180 })
  })

  it('keeps the focus point inside the media', () => {
    expect(ZoomParamsSchema.safeParse({ focusX: 50, focusY: 0 }).success).toBe(true)
    expect(ZoomParamsSchema.safeParse({ focusX: 101 }).success).toBe(false)
    expect(ZoomParamsSchema.safeParse({ focusY: -1 }).success).toBe(false)
  })
})
