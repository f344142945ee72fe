import type { Composition, Effect, Transition } from '@storyreel/core'
import { createCanvas } from '@napi-rs/canvas'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { drawFrame, FPS, momentAt, momentScene, slideFrameCounts } from '../src/engine'
import { createSurface, loadSlideMedia, makeLayer } from '../src/node'
import { tempDir } from './helpers'

const W = 90
const H = 160

/** A picture with detail everywhere (a zoom moves every pixel), in the slide's own colours. */
async function writePattern(file: string, k: number): Promise<void> {
  const c = createCanvas(120, 90)
  const ctx = c.getContext('2d')
  for (let y = 0; y < 90; y += 6) {
    for (let x = 0; x < 120; x += 6) {
      ctx.fillStyle = `rgb(${(x * 2 + k * 70) % 256},${(y * 3 + k * 40) % 256},${(x + y + k * 90) % 256})`
      ctx.fillRect(x, y, 6, 6)
    }
  }
  await writeFile(file, await c.encode('png'))
}

const title = (text: string): Effect =>
  ({ name: 'animated_text', params: { text, fontSize: 20, textStart: 0, textEnd: 1 } }) as Effect

describe('a slide held still through a transition', () => {
  it('is drawn from its layer as a fresh surface would draw the frame, through every type', async () => {
    const dir = await tempDir()
    const types: Transition['type'][] = ['dissolve', 'push', 'wipe', 'dissolve']
    const composition: Composition = {
      movieParams: { width: W, height: H, voice: null },
      composition: [0, 1, 2, 3, 4].map((k) => ({
        id: `s${k}`,
        filename: `p${k}.png`,
        duration: 1,
        effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 140 } }, title(`Slide ${k}`)],
        ...(types[k] && { transition: { type: types[k], duration: 0.6 } }),
      })),
    }
    const slides = composition.composition
    const media = await Promise.all(
      slides.map(async (slide, k) => {
        await writePattern(join(dir, slide.filename), k)
        return (await loadSlideMedia(join(dir, slide.filename), slide, W, H)).media
      }),
    )
    const scene = (k: number) => ({ width: W, height: H, slide: slides[k]!, media: media[k]! })
    const draw = (surface: ReturnType<typeof createSurface>, k: number, f: number) => {
      const moment = momentAt(slides, k, f / FPS)
      const to = moment.transition && scene(moment.transition.to.slideIndex)
      drawFrame(
        surface.ctx,
        momentScene(moment, scene(moment.from.slideIndex), to, makeLayer),
        moment.from.t,
      )
      return Buffer.from(surface.canvas.data())
    }
    // One surface through the whole video, its layers kept from frame to frame, as a render does.
    const kept = createSurface(W, H)
    let transitionFrames = 0
    for (const [k, count] of slideFrameCounts(slides.map((s) => s.duration)).entries()) {
      for (let f = 0; f < count; f++) {
        if (momentAt(slides, k, f / FPS).transition) transitionFrames++
        const fresh = draw(createSurface(W, H), k, f)
        expect(draw(kept, k, f).equals(fresh), `slide ${k}, frame ${f}`).toBe(true)
      }
    }
    expect(transitionFrames).toBeGreaterThan(60)
  })
})
