import { describe, expect, it } from 'vitest'
import { chooseFraming } from './framing'
import { RATIOS } from './ratios'
import { SlideSchema } from './slide'

const picture = (
  width: number,
  height: number,
  x = 50,
  y = 50,
  kind: 'image' | 'video' = 'image',
) => ({
  width,
  height,
  focus: { x, y },
  kind,
})

const LANDSCAPE = RATIOS['16:9']
const PORTRAIT = RATIOS['9:16']
const SQUARE = RATIOS['1:1']
const FOUR_FIVE = RATIOS['4:5']

describe('chooseFraming', () => {
  it('covers when the shapes are alike, wherever the focus is', () => {
    expect(chooseFraming(picture(1920, 1080), LANDSCAPE)).toBe('cover')
    expect(chooseFraming(picture(3000, 2000, 5, 95), LANDSCAPE)).toBe('cover') // 3:2 in 16:9
    expect(chooseFraming(picture(4000, 3000, 95, 5), LANDSCAPE)).toBe('cover') // 4:3 in 16:9
    expect(chooseFraming(picture(3000, 4000, 50, 10), FOUR_FIVE)).toBe('cover') // 3:4 in 4:5
  })

  it('covers when the crop keeps half the picture around a centred subject', () => {
    expect(chooseFraming(picture(2000, 2000), LANDSCAPE)).toBe('cover')
    expect(chooseFraming(picture(1920, 1080), SQUARE)).toBe('cover')
    expect(chooseFraming(picture(6000, 2000, 75, 50), LANDSCAPE)).toBe('cover') // 3:1 panorama
  })

  it('fits a portrait photo in a landscape video', () => {
    expect(chooseFraming(picture(3000, 4000), LANDSCAPE)).toBe('fit')
    expect(chooseFraming(picture(1080, 1920, 50, 30), LANDSCAPE)).toBe('fit')
    expect(chooseFraming(picture(4000, 5000, 40, 60), LANDSCAPE)).toBe('fit')
  })

  it('fits a landscape photo or a panorama in a vertical video', () => {
    expect(chooseFraming(picture(3000, 2000), PORTRAIT)).toBe('fit')
    expect(chooseFraming(picture(8000, 2000, 30, 50), PORTRAIT)).toBe('fit')
    expect(chooseFraming(picture(8000, 2000), LANDSCAPE)).toBe('fit') // 4:1 even in 16:9
  })

  it('still covers a strong mismatch when the subject sits at the kept edge', () => {
    // A face at the top of a 3:4 portrait: the crop keeps the top 42 %, head and shoulders.
    expect(chooseFraming(picture(3000, 4000, 50, 12), LANDSCAPE)).toBe('cover')
    expect(chooseFraming(picture(3000, 4000, 50, 88), LANDSCAPE)).toBe('cover')
    // ...but not once the subject reaches past it.
    expect(chooseFraming(picture(3000, 4000, 50, 25), LANDSCAPE)).toBe('fit')
  })

  it('reads the focus along the cropped axis only', () => {
    // A portrait in 16:9 is cropped top and bottom: a focus far left changes nothing.
    expect(chooseFraming(picture(3000, 4000, 2, 50), LANDSCAPE)).toBe('fit')
    expect(chooseFraming(picture(3000, 4000, 2, 12), LANDSCAPE)).toBe('cover')
  })

  it('gives a clip’s moving subject more room than a photo’s', () => {
    expect(chooseFraming(picture(2000, 2000), LANDSCAPE)).toBe('cover')
    expect(chooseFraming(picture(2000, 2000, 50, 50, 'video'), LANDSCAPE)).toBe('fit')
    expect(chooseFraming(picture(1920, 1080, 50, 50, 'video'), LANDSCAPE)).toBe('cover')
    expect(chooseFraming(picture(1080, 1920, 50, 50, 'video'), LANDSCAPE)).toBe('fit')
  })
})

describe('chooseFraming with a calm region', () => {
  // A 3:4 portrait in 16:9 with its focus high: the crop keeps the top 42 % of the height, the
  // subject is taken to reach down to 45 %.
  const portrait = picture(3000, 4000, 50, 20)
  const band = (y: number, height: number, width = 100) => ({ x: 0, y, width, height })

  it('lets the crop lose a calm band across the picture, which holds no subject', () => {
    expect(chooseFraming(portrait, LANDSCAPE)).toBe('fit')
    // A plain lower part from 42 % down: the subject ends above it, inside the crop.
    expect(chooseFraming({ ...portrait, calmRegion: band(42, 58) }, LANDSCAPE)).toBe('cover')
    // A calm sky at the top trims the other end, which the crop keeps anyway.
    expect(chooseFraming({ ...portrait, calmRegion: band(0, 15) }, LANDSCAPE)).toBe('fit')
  })

  it('ignores a calm area that does not span the picture, or lies along the other axis', () => {
    expect(chooseFraming({ ...portrait, calmRegion: band(42, 58, 40) }, LANDSCAPE)).toBe('fit')
    // A full-height calm strip at the side: a portrait in 16:9 is cropped top and bottom.
    const side = { x: 0, y: 0, width: 30, height: 100 }
    expect(chooseFraming({ ...portrait, calmRegion: side }, LANDSCAPE)).toBe('fit')
  })
})

describe('Slide.framing', () => {
  const slide = { id: 'x', filename: 'x.png', duration: 3 }

  it('is optional, so stored compositions parse as they did', () => {
    expect(SlideSchema.parse(slide)).not.toHaveProperty('framing')
    expect(SlideSchema.parse({ ...slide, framing: 'fit' }).framing).toBe('fit')
  })

  it('is cover or fit', () => {
    expect(SlideSchema.safeParse({ ...slide, framing: 'contain' }).success).toBe(false)
  })
})

describe('chooseFraming with detected subjects', () => {
  const withSubject = (x: number, width: number) => ({
    ...picture(3000, 1000, x + width / 2, 50),
    subjects: [{ label: 'cat', score: 0.6, box: { x, y: 30, width, height: 40 } }],
  })

  it('covers a panorama in a vertical video when the crop on the subject holds its box', () => {
    // A 9:16 crop keeps 18.75 % of a 3:1 picture's width.
    expect(chooseFraming(withSubject(80, 18), PORTRAIT)).toBe('cover')
    expect(chooseFraming(withSubject(0, 15), PORTRAIT)).toBe('cover')
  })

  it('fits when the subject is wider than the crop, and covers a wider crop', () => {
    expect(chooseFraming(withSubject(40, 30), PORTRAIT)).toBe('fit')
    expect(chooseFraming(withSubject(40, 30), LANDSCAPE)).toBe('cover')
  })
})
