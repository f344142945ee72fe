import { CompositionSchema, type Composition, type MovieParams } from '@storyreel/core'

/** What a broken preview could look like: each must fail the check. */
export interface Variant {
  /** The fonts of the two titles of the first slide. */
  fonts?: [string, string]
  /** Moves every text right, percent of the frame width. */
  shiftX?: number
  /** Added to every zoom's zoomEnd. */
  zoomEnd?: number
  /** Text boxes given in movie pixels drawn this much larger (a preview that forgot to scale them). */
  boxScale?: number
  /** Distort's grain this much stronger. */
  grain?: number
  /** The fitted slide drawn as cover (a preview that ignored the framing). */
  cover?: boolean
  /** No transitions: each slide alone up to its boundary (a preview that drew none). */
  noTransitions?: boolean
}

/**
 * Four slides over one picture that use every effect type: a zoom in mid-fade with a vignette
 * and two titles; a zoom out with a round vignette and streamed text, dissolving into a pan
 * under a blur with text in a box of its own size, which pushes in distortion without grain;
 * grain alone; the picture fitted whole on its blurred backdrop under a zoom. Grain is random per pixel: at the preview's size
 * its pattern differs by nature, so the grain slide is compared by its strength, not pixel by
 * pixel.
 */
export function storyboard(movie: MovieParams, filename: string, v: Variant = {}): Composition {
  const [first, second] = v.fonts ?? ['Arial', 'Times-Roman']
  const id = filename.replace(/\.\w+$/, '')
  const shift = v.shiftX ?? 0
  const text = (
    name: 'animated_text' | 'stream_text',
    font: string,
    words: string,
    x: number,
    y: number,
    more: object = {},
  ) => ({
    name,
    params: {
      text: words,
      font,
      fontSize: 110,
      color: { r: 255, g: 255, b: 255 },
      border: { color: { r: 150, g: 20, b: 60 }, width: 6 },
      startPositionX: x + shift,
      endPositionX: x + 8 + shift,
      startPositionY: y,
      endPositionY: y + 8,
      textStart: 0,
      textEnd: 4,
      fadeInDuration: 0,
      fadeOutDuration: 0,
      stream: false,
      ...more,
    },
  })
  const zoom = (zoomStart: number, zoomEnd: number, more: object = {}) => ({
    name: 'zoom',
    params: { zoomStart, zoomEnd: zoomEnd + (v.zoomEnd ?? 0), ...more },
  })
  const box = v.boxScale ?? 1
  return CompositionSchema.parse({
    movieParams: movie,
    composition: [
      {
        id,
        filename,
        duration: 4,
        effects: [
          zoom(100, 160),
          { name: 'fade', params: { fadeInDuration: 2, fadeOutDuration: 0.5 } },
          { name: 'vignette', params: { amount: 70, size: 0.8 } },
          text('animated_text', first, 'Parity in Arial', 46, 20),
          text('animated_text', second, 'and the same in Times', 46, 62),
        ],
      },
      {
        id,
        filename,
        duration: 3,
        transition: v.noTransitions ? undefined : { type: 'dissolve', duration: 1.2 },
        effects: [
          zoom(150, 100, { focusX: 30, focusY: 60 }),
          { name: 'vignette', params: { amount: 100, size: 0.7, roundness: 1 } },
          text('stream_text', second, 'Word by word', 40, 40, { charsPerSecond: 6 }),
        ],
      },
      {
        id,
        filename,
        duration: 4,
        transition: v.noTransitions ? undefined : { type: 'push', duration: 1 },
        effects: [
          { name: 'pan', params: {} },
          { name: 'blur', params: { startBlur: 0, endBlur: 60 } },
          text('animated_text', first, 'A caption in a box of its own', 50, 70, {
            fontSize: 80,
            width: Math.round(0.6 * movie.width * box),
            height: Math.round(0.2 * movie.height * box),
            align: 'left',
          }),
        ],
      },
      {
        id,
        filename,
        duration: 4,
        effects: [
          {
            name: 'distort',
            params: { turbulentDisplaceAmount: 40, turbulentDisplaceSize: 120, noiseAmount: 0 },
          },
        ],
      },
      {
        id,
        filename,
        duration: 4,
        effects: [
          {
            name: 'distort',
            params: {
              takeRedFrom: 1,
              takeGreenFrom: 2,
              takeBlueFrom: 3,
              turbulentDisplaceAmount: 0,
              noiseAmount: 40 * (v.grain ?? 1),
            },
          },
        ],
      },
      {
        id,
        filename,
        duration: 4,
        framing: v.cover ? undefined : 'fit',
        effects: [zoom(100, 160, { focusX: 30 })],
      },
    ],
  })
}

/**
 * Mid-zoom, mid-fade, mid-stream ("Word by w"), mid-pan and mid-blur, mid-evolution, and the
 * fitted picture mid-zoom.
 */
export const INSTANTS = [
  { slideIndex: 0, t: 1.3 },
  { slideIndex: 1, t: 1.6 },
  { slideIndex: 2, t: 1.2 },
  { slideIndex: 3, t: 1.0 },
  { slideIndex: 5, t: 2.0 },
]

/**
 * A third of the way through the dissolve (seen from the slide going out, its zoom, vignette and
 * text under the next slide's pan, blur and boxed text), and 70 % of the way through the push
 * (seen from the slide coming in, drawn with its distortion on a layer of its own).
 */
export const TRANSITION_INSTANTS = [
  { slideIndex: 1, t: 2.8 },
  { slideIndex: 3, t: 0.2 },
]

/** The slide of grain alone, and when it is compared. */
export const GRAIN_INSTANT = { slideIndex: 4, t: 1.0 }
