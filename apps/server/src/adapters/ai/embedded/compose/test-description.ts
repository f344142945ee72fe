import type { ImageDescription } from '@storyreel/core'

/** A plain, softly lit landscape picture for tests, with what a test needs changed. */
export function description(over: Partial<ImageDescription> = {}): ImageDescription {
  return {
    filename: 'abc.png',
    kind: 'image',
    width: 1200,
    height: 800,
    orientation: 'landscape',
    duration: null,
    dominantColors: ['#336699'],
    brightness: 0.5,
    sharpness: 0.3,
    focus: { x: 60, y: 40 },
    summary: 'A picture.',
    ...over,
  }
}
