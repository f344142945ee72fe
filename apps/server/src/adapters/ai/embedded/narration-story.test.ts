import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImageDescription } from '@storyreel/core'
import { DEFAULT_TOOLS } from '@storyreel/render/server'
import { PHOTOS_DIR } from '../../../../test/media-fixtures'
import { describeMedia } from './analyze-media'
import { colourName } from './analyze-pixels'
import { contentWords } from './compose/suggestion'
import { compose } from './composer'
import { stopDetector } from './detect/detector'

const PHOTOS = [
  'cat.jpg',
  'evening-glow.jpg',
  'path.jpg',
  'kite.jpg',
  'fallen-leaf.jpg',
  'summer-1am.jpg',
  'coffee.jpg',
  'darkest-hour.jpg',
]
const COLOUR_WORDS = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'brown',
  'golden',
  'black',
  'grey',
  'white',
]

let described: ImageDescription[]
beforeAll(async () => {
  described = []
  for (const name of PHOTOS) {
    described.push(await describeMedia(path.join(PHOTOS_DIR, name), name, 'image', DEFAULT_TOOLS))
  }
}, 120_000)
afterAll(() => stopDetector())

/** Each colour name's share of the photo, counted pixel by pixel here, not by the analysis. */
async function measuredHues(file: string): Promise<Map<string, number>> {
  const { data, info } = await sharp(path.join(PHOTOS_DIR, file))
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const shares = new Map<string, number>()
  const n = info.width * info.height
  for (let i = 0; i < n; i++) {
    const hex = [0, 1, 2].map((c) => data[i * 3 + c]!.toString(16).padStart(2, '0')).join('')
    const name = colourName(`#${hex}`)
    shares.set(name, (shares.get(name) ?? 0) + 1 / n)
  }
  return shares
}

const wordsOf = (line: string) => line.toLowerCase().match(/[\p{L}']+/gu) ?? []

describe('the offline narration, over real photographs', () => {
  const suggestion = 'A calm autumn walk by the lake, ending at night under the stars'

  it('carries the suggestion over the video: an opening, a middle and an ending', () => {
    const slides = compose(described, suggestion).composition
    const lines = slides.map((s) => s.narration!)
    expect(lines[0]).toBe('A calm autumn walk by the lake.')
    expect(lines.at(-1)).toBe('Ending at night under the stars.')
    const story = new Set(contentWords(suggestion))
    const carrying = lines.filter((l) => wordsOf(l).some((w) => story.has(w)))
    expect(carrying.length / lines.length).toBeGreaterThanOrEqual(0.6)
    // The middle is not stock lines: no two slides say the same.
    expect(new Set(lines).size).toBe(lines.length)
  })

  it('names each slide’s subject where one was found', () => {
    const slides = compose(described, suggestion).composition
    const byFile = new Map(described.map((d) => [d.filename, d]))
    const named = slides.filter(
      (s, i) => i > 0 && i < slides.length - 1 && byFile.get(s.filename)!.subject,
    )
    expect(named.length).toBeGreaterThanOrEqual(3)
    for (const s of named) {
      expect(s.narration!.toLowerCase()).toContain(byFile.get(s.filename)!.subject!)
    }
    expect(slides.map((s) => s.narration).join(' ')).toMatch(/A cat|Three boats|A kite|A cup/)
    // Neighbours say it in other words, not one form filled in with each subject.
    const forms = named.map((s) =>
      s.narration!.toLowerCase().replace(byFile.get(s.filename)!.subject!, '…'),
    )
    forms.slice(1).forEach((form, i) => expect(form).not.toBe(forms[i]))
  })

  it('never says a colour the picture does not have', async () => {
    for (const text of [suggestion, '', 'Our summer, years ago', 'Surf trip!', 'Happy birthday!']) {
      const slides = compose(described, text).composition
      for (const s of slides) {
        const said = wordsOf(s.narration!).filter((w) => COLOUR_WORDS.includes(w))
        // The person's own words may name any colour; the composer's may not.
        if (said.length === 0 || text.toLowerCase().includes(said[0]!)) continue
        const hues = await measuredHues(s.filename)
        for (const colour of said)
          expect(hues.get(colour) ?? 0, `${s.filename}: ${s.narration}`).toBeGreaterThan(0.1)
      }
    }
  })
})
