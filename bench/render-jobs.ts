import {
  CompositionSchema,
  EFFECT_DEFAULTS,
  EFFECT_NAMES,
  EFFECT_PRESETS,
  effectDescriptor,
  type Composition,
  type Effect,
  type EffectName,
  type Transition,
} from '@storyreel/core'
import { basename } from 'node:path'

/** One render of bench/render: its name (for --only) and its composition. */
export interface RenderJob {
  name: string
  composition: Composition
}

function title(i: number, extra: Record<string, unknown> = {}): Effect {
  return {
    name: 'animated_text',
    params: {
      text: `Chapter ${i + 1}: a day by the sea`,
      fontSize: 72,
      font: ['Arial', 'Georgia', 'Impact', 'Palatino'][i % 4]!,
      color: { r: 255, g: 255, b: 255 },
      fadeInDuration: 0.3,
      fadeOutDuration: 0.2,
      startPositionX: 50,
      startPositionY: 70,
      endPositionX: 50,
      endPositionY: 62,
      textStart: 0.4,
      textEnd: 3.8,
      stream: i % 2 === 0,
      stream_words: false,
      charsPerSecond: 12,
      border: { color: { r: 0, g: 0, b: 0 }, width: 2 },
      align: 'center',
      ...extra,
    },
  } as Effect
}

/** Zoom in, a little differently on each slide, as the composer does. */
const zoom = (i: number): Effect => ({
  name: 'zoom',
  params: { zoomStart: 100 + (i % 3) * 10, zoomEnd: 130 + (i % 4) * 10 },
})

const fade: Effect = { name: 'fade', params: { fadeInDuration: 0.3, fadeOutDuration: 0.3 } }

/** As the composer dissolves slides at its default (calm) pace: two slides drawn for 1 s. */
const DISSOLVE: Transition = { type: 'dissolve', duration: 1 }

function composition(
  width: number,
  height: number,
  files: readonly string[],
  seconds: number,
  effects: (i: number) => Effect[],
  transition?: Transition,
): Composition {
  return CompositionSchema.parse({
    movieParams: { width, height, voice: null },
    composition: files.map((file, i) => ({
      id: `bench-${i}`,
      filename: basename(file),
      duration: seconds,
      effects: effects(i),
      transition,
    })),
  })
}

/**
 * The 32-second job of ARCHITECTURE.md: 8 photos of 3000x2000, 4 s each, zoom, animated text,
 * each slide dissolving into the next over 1 s, as the composer makes them (issue 34): out of
 * black at the start and into it at the end. (Until then it faded every slide in and out.)
 */
export function headlineJob(width: number, height: number, photos: readonly string[]): RenderJob {
  const ends = (i: number): Effect[] =>
    i === 0
      ? [{ name: 'fade', params: { fadeInDuration: 0.6, fadeOutDuration: 0 } }]
      : i === photos.length - 1
        ? [{ name: 'fade', params: { fadeInDuration: 0, fadeOutDuration: 1.2 } }]
        : []
  return {
    name: `headline-${width}x${height}`,
    composition: composition(
      width,
      height,
      photos,
      4,
      (i) => [zoom(i), ...ends(i), title(i)],
      DISSOLVE,
    ),
  }
}

/**
 * The largest short render at the default short bound (SHORT_RENDER_SECONDS, 60: decision 018):
 * the headline's first five slides, 20 s at 1080x1920.
 */
export function shortJob(photos: readonly string[]): RenderJob {
  const { composition } = headlineJob(1080, 1920, photos)
  return {
    name: 'short-1080x1920',
    composition: { ...composition, composition: composition.composition.slice(0, 5) },
  }
}

/**
 * Each effect at its costliest within the editor's bounds, changing on every frame (a blur
 * whose radius moves, turbulence that evolves): nothing a renderer could reuse between frames.
 * The effect's descriptor declares them.
 */
function heaviest(name: EffectName): Record<string, unknown> {
  const d = effectDescriptor(name)
  return d.heaviest ?? d.renderCost.costliest
}

/** One 4-second 1080x1920 slide of a photo with one effect alone, at its heaviest. */
export function effectJob(name: EffectName, photo: string): RenderJob {
  return {
    name: `effect-${name}`,
    composition: composition(1080, 1920, [photo], 4, () => [
      { name, params: heaviest(name) } as Effect,
    ]),
  }
}

/**
 * Distort as users get it, beside its heaviest: each of its presets alone on the same slide
 * (effect-distort-default ... effect-distort-extreme). Its heaviest has four times the grain of
 * the default preset and twice the Extreme one's, and grain is what x264 pays most for.
 */
function distortPresetJobs(photo: string): RenderJob[] {
  return EFFECT_PRESETS.distort!.map((preset) => ({
    name: `effect-distort-${preset.name.toLowerCase()}`,
    composition: composition(1080, 1920, [photo], 4, () => [
      { name: 'distort', params: preset.params } as Effect,
    ]),
  }))
}

export function effectJobs(photo: string): RenderJob[] {
  return [...EFFECT_NAMES.map((name) => effectJob(name, photo)), ...distortPresetJobs(photo)]
}

/**
 * The headline job with every effect on every slide: its zoom (the camera; the pan after it is
 * ignored, one camera per slide), fade and title, plus an intense blur, a vignette, the default
 * distortion (turbulence, channels and grain) and a second, streamed text.
 */
export function allEffectsJob(photos: readonly string[]): RenderJob {
  const all = (i: number): Effect[] => [
    zoom(i),
    { name: 'pan', params: {} },
    fade,
    { name: 'blur', params: { startBlur: 70, endBlur: 20 } },
    { name: 'vignette', params: EFFECT_DEFAULTS.vignette },
    { name: 'distort', params: EFFECT_DEFAULTS.distort },
    title(i),
    {
      name: 'stream_text',
      params: { text: 'Words appear one by one', startPositionY: 30, charsPerSecond: 8 },
    } as Effect,
  ]
  return { name: 'all-effects', composition: composition(1080, 1920, photos, 4, all) }
}

/** Six 1080p clips of 5 s in a 1080x1920 video, each zoomed, faded and titled. */
export function clipsJob(clips: readonly string[], seconds: number): RenderJob {
  return {
    name: 'clips',
    composition: composition(1080, 1920, clips, seconds, (i) => [zoom(i), fade, title(i)]),
  }
}

/** Three minutes at 2160x3840: the headline's slides over and over (45 slides of 4 s). */
export function fourKJob(photos: readonly string[]): RenderJob {
  const files = Array.from({ length: 45 }, (_, i) => photos[i % photos.length]!)
  return {
    name: '4k-3min',
    composition: composition(2160, 3840, files, 4, (i) => [zoom(i), fade, title(i)]),
  }
}
