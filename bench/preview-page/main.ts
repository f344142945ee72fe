// The live preview on a page of its own: the editor's SlidePreview in a minimal host that
// applies its edits, for bench/preview-fps.ts (frames per second) and for looking at it.
import '@fontsource-variable/inter'
import '../../apps/web/src/styles/tokens.css'
import '../../apps/web/src/styles/base.css'
import type { Composition } from '@storyreel/core'
import type { HostState } from './api'
import { drawPreviewFrame, FPS, hasCostlyEffect, loadFonts } from '@storyreel/render/browser'
import { createElement, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { previewMedia } from '../../apps/web/src/routes/customize/preview/preview-media'
import { SlidePreview } from '../../apps/web/src/routes/customize/preview/slide-preview'
import { usePlayhead } from '../../apps/web/src/routes/customize/preview/use-playhead'

function Host({ initial }: { initial: HostState }) {
  const [state, setState] = useState(initial)
  const update = setState
  const showSlide = (index: number) => update((s) => ({ ...s, slideIndex: index }))
  const playhead = usePlayhead(state.composition.composition, state.slideIndex, showSlide)
  const editEffects = (
    s: HostState,
    edit: (effects: Composition['composition'][number]['effects']) => typeof effects,
  ): HostState => {
    const slides = s.composition.composition.slice()
    const slide = slides[s.slideIndex]!
    slides[s.slideIndex] = { ...slide, effects: edit(slide.effects) }
    return { ...s, composition: { ...s.composition, composition: slides } }
  }
  return createElement(
    'main',
    { style: { maxWidth: 960, margin: '0 auto', padding: 16 } },
    createElement(SlidePreview, {
      composition: state.composition,
      slideIndex: state.slideIndex,
      selectedEffectIndex: state.selectedEffectIndex,
      onSelectEffect: (index) => update((s) => ({ ...s, selectedEffectIndex: index })),
      onChangeEffect: (index, params) =>
        update((s) =>
          editEffects(s, (effects) =>
            effects.map((e, i) =>
              i === index ? ({ ...e, params: { ...e.params, ...params } } as typeof e) : e,
            ),
          ),
        ),
      onDeleteEffect: (index) =>
        update((s) => ({
          ...editEffects(s, (effects) => effects.filter((_, i) => i !== index)),
          selectedEffectIndex: null,
        })),
      onSlideChange: showSlide,
      playhead,
    }),
  )
}

const root = createRoot(document.getElementById('root')!)
let mounts = 0

window.mountPreview = (composition, selectedEffectIndex = null) => {
  const initial = { composition, slideIndex: 0, selectedEffectIndex }
  root.render(createElement(Host, { key: ++mounts, initial }))
}

window.drawCost = async (composition, frames, draft) => {
  await loadFonts()
  const canvas = document.createElement('canvas')
  const slide = composition.composition[0]!
  const first = drawPreviewFrame(canvas, composition, 0, 0, () => null)!
  const media = await previewMedia(slide, first.width, first.height)
  const ctx = canvas.getContext('2d')!
  const times: number[] = []
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now()
    drawPreviewFrame(canvas, composition, 0, (i / FPS) % slide.duration, () => media, {
      draft,
    })
    ctx.getImageData(0, 0, 1, 1)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

window.drawsDraft = (composition) => hasCostlyEffect(composition.composition[0]!)

window.frameIntervals = (ms) =>
  new Promise((resolve) => {
    const times: number[] = []
    const tick = (now: number) => {
      times.push(now)
      if (now - times[0]! < ms) requestAnimationFrame(tick)
      else resolve(times.slice(1).map((t, i) => t - times[i]!))
    }
    requestAnimationFrame(tick)
  })

// Counts the sound the preview plays: each buffer source from its start to its end.
let sounding = 0
const startSource = AudioBufferSourceNode.prototype.start
AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args) {
  sounding++
  this.addEventListener('ended', () => sounding--)
  startSource.apply(this, args)
}
window.soundSources = () => sounding
