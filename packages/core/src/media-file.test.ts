import { describe, expect, it } from 'vitest'
import { ImageDescriptionSchema } from './media-file'

const described = {
  filename: 'a.png',
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
}

describe('ImageDescriptionSchema', () => {
  it('parses a description stored before the calm region was analysed', () => {
    expect(ImageDescriptionSchema.parse(described)).not.toHaveProperty('calmRegion')
  })

  it('keeps the calm region, in percent of the picture with its luma', () => {
    const calmRegion = { x: 0, y: 66.7, width: 100, height: 33.3, luma: 0.8 }
    expect(ImageDescriptionSchema.parse({ ...described, calmRegion }).calmRegion).toEqual(
      calmRegion,
    )
    expect(
      ImageDescriptionSchema.safeParse({ ...described, calmRegion: { ...calmRegion, luma: 2 } })
        .success,
    ).toBe(false)
  })
})
