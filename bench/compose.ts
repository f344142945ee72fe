import {
  compositionDuration,
  DEFAULT_CAPTIONS,
  type Composition,
  type ImageDescription,
  type Ratio,
} from '@storyreel/core'
import { DEFAULT_TOOLS, renderFrame } from '@storyreel/render/node'
import { describeMedia } from '@storyreel/server/src/adapters/ai/embedded/analyze-media'
import { detectTone } from '@storyreel/server/src/adapters/ai/embedded/compose/tone'
import { compose } from '@storyreel/server/src/adapters/ai/embedded/composer'
import { mkdir } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import sharp, { type OverlayOptions } from 'sharp'
import { CLIP, composeMedia } from './compose-media'

/**
 * bench/compose: the embedded composer as a viewer meets it. Five sets of photo-like pictures
 * (and a clip) and two of real photographs (bench/vision's), each with a suggestion of its own
 * tone and a format of its own, are described by
 * the real analysis, composed, and drawn by the render engine at three instants of every slide,
 * with the narration's captions on, into one contact sheet per set: out/compose-<set>.png. One summary line per set.
 */
const OUT = new URL('./out/', import.meta.url).pathname
const MEDIA = join(OUT, 'compose-media')
/** bench/vision's real photographs, whose subjects the detector names. */
const PHOTO = (name: string) => new URL(`./vision/photos/${name}`, import.meta.url).pathname

const SETS: { name: string; ratio: Ratio; suggestion: string; files: string[] }[] = [
  {
    name: 'calm-lake',
    ratio: '16:9',
    suggestion:
      'A quiet weekend by the lake. Mist on the water and the first light of morning. Pine trees all around us.',
    files: ['lake-morning.jpg', 'forest-portrait.jpg', 'mountain-panorama.jpg', CLIP],
  },
  {
    name: 'energetic-surf',
    ratio: '9:16',
    suggestion: 'Surf trip! 🏄🔥 Big waves, fast boards and endless sun.',
    files: ['surf-waves.jpg', CLIP, 'bright-beach.jpg', 'mountain-panorama.jpg'],
  },
  {
    name: 'nostalgic-grandma',
    ratio: '4:5',
    suggestion:
      "Make a nostalgic video of our summers at grandma's house. We remember every corner of it, years later.",
    files: ['old-house.jpg', 'grandma-portrait.jpg', 'lake-morning.jpg'],
  },
  {
    name: 'romantic-anniversary',
    ratio: '1:1',
    suggestion: 'Our anniversary ❤️ Just the two of us, far from everything.',
    files: ['night-city.jpg', 'sunset-couple.jpg', 'lake-morning.jpg', 'bright-beach.jpg'],
  },
  {
    name: 'festive-birthday',
    ratio: '9:16',
    suggestion: 'Happy birthday Mia! 🎉 What a party.',
    files: ['night-city.jpg', 'party-confetti.jpg', 'party-confetti-2.jpg', 'fireworks.jpg', CLIP],
  },
  {
    name: 'photos-autumn-walk',
    ratio: '9:16',
    suggestion: 'A calm autumn walk by the lake, ending at night under the stars',
    files: [
      'cat.jpg',
      'evening-glow.jpg',
      'fallen-leaf.jpg',
      'kite.jpg',
      'coffee.jpg',
      'path.jpg',
      'summer-1am.jpg',
    ].map(PHOTO),
  },
  {
    name: 'photos-day-out',
    ratio: '16:9',
    suggestion: 'Our day out. Coffee first, then the bike, and a kite by the water.',
    files: ['coffee.jpg', 'motorcycle.jpg', 'astronaut.jpg', 'kite.jpg', 'evening-glow.jpg'].map(
      PHOTO,
    ),
  },
]

/** Each frame is drawn this high on the sheet, as wide as its format makes it. */
const THUMB_HEIGHT = 360
const LABEL_WIDTH = 520
/** Instants drawn of each slide, as fractions of its duration. */
const INSTANTS = [0.2, 0.5, 0.85]

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Lines of at most `width` characters, for the label's SVG text. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + word.length + 1 <= width)
      lines[lines.length - 1] += ` ${word}`
    else lines.push(word)
  }
  return lines
}

/** The slide's file, length, effects and narration, as a picture beside its frames. */
function label(composition: Composition, index: number): Buffer {
  const slide = composition.composition[index]!
  const effects = slide.effects.map((e) => e.name).join(', ')
  const lines = [
    `#${index + 1} ${slide.filename}`,
    `${slide.duration} s, ${slide.framing ?? 'cover'}`,
    ...wrap(effects, 44),
    ...wrap(`“${slide.narration ?? ''}”`, 44),
  ]
  const text = lines
    .map(
      (l, i) =>
        `<text x="16" y="${34 + i * 30}" font-size="${i === 0 ? 24 : 20}">${escape(l)}</text>`,
    )
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH}" height="${THUMB_HEIGHT}"><rect width="100%" height="100%" fill="#f4f4f4"/><g font-family="DejaVu Sans" fill="#222">${text}</g></svg>`
  return Buffer.from(svg)
}

async function contactSheet(
  name: string,
  composition: Composition,
  where: Map<string, string>,
): Promise<string> {
  const { width, height } = composition.movieParams
  const thumbWidth = Math.round((THUMB_HEIGHT * width) / height)
  const tiles: OverlayOptions[] = []
  for (const [index, slide] of composition.composition.entries()) {
    const top = index * THUMB_HEIGHT
    tiles.push({ input: label(composition, index), left: 0, top })
    for (const [k, f] of INSTANTS.entries()) {
      const jpeg = await renderFrame({
        composition,
        slideIndex: index,
        t: Math.round(slide.duration * f * 10) / 10,
        resolveMedia: (file) => where.get(file)!,
        tools: DEFAULT_TOOLS,
      })
      tiles.push({
        input: await sharp(jpeg).resize(thumbWidth, THUMB_HEIGHT).toBuffer(),
        left: LABEL_WIDTH + k * thumbWidth,
        top,
      })
    }
  }
  const file = join(OUT, `compose-${name}.png`)
  await sharp({
    create: {
      width: LABEL_WIDTH + INSTANTS.length * thumbWidth,
      height: composition.composition.length * THUMB_HEIGHT,
      channels: 3,
      background: '#000',
    },
  })
    .composite(tiles)
    .png()
    .toFile(file)
  return file
}

await mkdir(OUT, { recursive: true })
await composeMedia(MEDIA)
for (const set of SETS) {
  const descriptions: ImageDescription[] = []
  const where = new Map(set.files.map((f) => [basename(f), resolve(MEDIA, f)]))
  for (const [file, path] of where) {
    const kind = file.endsWith('.mp4') ? 'video' : 'image'
    descriptions.push(await describeMedia(path, file, kind, DEFAULT_TOOLS))
  }
  const composed = compose(descriptions, set.suggestion, set.ratio)
  // With the narration's captions on, where Auto stands them is on the sheet too.
  const composition = {
    ...composed,
    movieParams: { ...composed.movieParams, captions: { ...DEFAULT_CAPTIONS, enabled: true } },
  }
  const sheet = await contactSheet(set.name, composition, where)
  const order = composition.composition.map((s) => s.id).join(' > ')
  console.log(
    `compose ${set.name} (${set.ratio}): tone ${detectTone(set.suggestion)}, ${composition.composition.length} slides, ` +
      `${compositionDuration(composition).toFixed(1)} s (${order}), sheet ${sheet}`,
  )
}
