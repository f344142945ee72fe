import { describe, expect, it, vi } from 'vitest'
import { testFrame } from '../../test/fixtures/test-frame'
import { BACKDROP_SHORT_SIDE, backdropSize, coversFrame, drawBackdrop } from './backdrop'
import type { Backdrop, Ctx, Media } from './types'

/** A context that counts the pictures drawn on it. */
function fakeCtx() {
  const drawImage = vi.fn()
  const ctx = new Proxy({ drawImage } as Record<string, unknown>, {
    get: (target, key) => (key in target ? target[key as string] : () => {}),
    set: (target, key, value) => ((target[key as string] = value), true),
  }) as unknown as Ctx
  return { ctx, drawImage }
}

function media(live: boolean) {
  const surface = fakeCtx()
  const backdrop: Backdrop = {
    source: {} as CanvasImageSource,
    ctx: surface.ctx,
    ...backdropSize(1080, 1920),
    live,
  }
  const m: Media = { source: {} as CanvasImageSource, width: 3000, height: 2000, backdrop }
  return { media: m, painted: surface.drawImage }
}

describe('backdrop', () => {
  it('is the same few pixels at any frame size of one shape', () => {
    expect(backdropSize(1080, 1920)).toEqual({ width: BACKDROP_SHORT_SIDE, height: 114 })
    expect(backdropSize(540, 960)).toEqual(backdropSize(1080, 1920))
    expect(backdropSize(1920, 1080)).toEqual({ width: 114, height: BACKDROP_SHORT_SIDE })
  })

  it('shows only where the picture leaves the frame uncovered', () => {
    const frame = { width: 1080, height: 1920 }
    const crop = { sx: 0, sy: 0, sw: 3000, sh: 2000 }
    expect(coversFrame({ ...crop, dx: 0, dy: 0, dw: 1080, dh: 1920 }, frame)).toBe(true)
    expect(coversFrame({ ...crop, dx: 0, dy: 600, dw: 1080, dh: 720 }, frame)).toBe(false)
  })

  it('is painted once for a picture and scaled up for every frame', () => {
    const { media: still, painted } = media(false)
    const frame = fakeCtx()
    for (let i = 0; i < 3; i++) drawBackdrop(frame.ctx, still, testFrame({ framing: 'fit' }))
    expect(painted).toHaveBeenCalledTimes(1)
    expect(frame.drawImage).toHaveBeenCalledTimes(3)
    expect(frame.drawImage.mock.calls[0]!.slice(5)).toEqual([0, 0, 1080, 1920])
  })

  it('is painted again for every frame of a clip, whose picture changes', () => {
    const { media: clip, painted } = media(true)
    const frame = fakeCtx()
    for (let i = 0; i < 3; i++) drawBackdrop(frame.ctx, clip, testFrame({ framing: 'fit' }))
    expect(painted).toHaveBeenCalledTimes(3)
  })

  it('leaves the frame as it is for media without one', () => {
    const frame = fakeCtx()
    const bare: Media = { source: {} as CanvasImageSource, width: 10, height: 10 }
    drawBackdrop(frame.ctx, bare, testFrame({ framing: 'fit' }))
    expect(frame.drawImage).not.toHaveBeenCalled()
  })
})
