import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createCanvas } from '@napi-rs/canvas'
import {
  captionLayout,
  captionPlacement,
  estimatedCaptions,
  frameInfo,
  type Ctx,
} from '@storyreel/render'
import { registerFonts } from '@storyreel/render/node'
import {
  coveredShare,
  DEFAULT_CAPTIONS,
  RATIOS,
  SUBJECT_COVER_SHARE,
  type CaptionPosition,
  type ImageDescription,
  type Ratio,
} from '@storyreel/core'
import { DEFAULT_TOOLS } from '@storyreel/render/server'
import {
  decodePicture,
  describeMedia,
} from '@storyreel/server/src/adapters/ai/embedded/analyze-media'
import { compose } from '@storyreel/server/src/adapters/ai/embedded/composer'
import {
  subjectsOnFrame,
  textBlockBound,
  textRect,
} from '@storyreel/server/src/adapters/ai/embedded/compose/text-placement'
import { MIN_SUBJECT_SCORE } from '@storyreel/server/src/adapters/ai/embedded/detect/detections'
import {
  detectSubjects,
  stopDetector,
} from '@storyreel/server/src/adapters/ai/embedded/detect/detector'

/**
 * bench/vision: the offline detector on real photographs named by hand (vision/labels.json).
 * Per picture, a kind of thing it names is right when the picture's labels hold it; precision
 * is the share of named kinds that are right, recall the share of labelled kinds it named. Both
 * are printed at the detector's threshold and around it, then the time a picture took (the
 * first one also loads the model), the machine otherwise idle. Last, how much of the detected
 * subjects the composer's titles and captions cover, each photo composed alone and in sets, in
 * every format (the share of the subjects' area on the frame under the text, at rest and rising),
 * and how much the narration's word-by-word captions cover (the most while they show, through the
 * slide's camera) on Auto, against the bottom where they always stood before.
 */
const DIR = new URL('./vision/', import.meta.url).pathname
const THRESHOLDS = [0.3, 0.35, 0.4, MIN_SUBJECT_SCORE, 0.5, 0.55]

interface Photo {
  file: string
  subjects: string[]
}

const { photos } = JSON.parse(await readFile(join(DIR, 'labels.json'), 'utf8')) as {
  photos: Photo[]
}
const found: { photo: Photo; scored: { label: string; score: number }[]; ms: number }[] = []
for (const photo of photos) {
  const file = join(DIR, 'photos', photo.file)
  const start = performance.now()
  const { picture, size } = await decodePicture(file)
  const subjects = await detectSubjects(picture, size, { minScore: THRESHOLDS[0] })
  found.push({ photo, scored: subjects, ms: performance.now() - start })
}

const described: ImageDescription[] = []
for (const photo of photos) {
  const file = join(DIR, 'photos', photo.file)
  described.push(await describeMedia(file, photo.file, 'image', DEFAULT_TOOLS))
}
await stopDetector()

const pct = (n: number, d: number) => (d > 0 ? `${((100 * n) / d).toFixed(0)} %` : 'n/a')
for (const threshold of [...new Set(THRESHOLDS)].sort()) {
  let right = 0
  let named = 0
  let labelled = 0
  for (const { photo, scored } of found) {
    const kinds = new Set(scored.filter((s) => s.score >= threshold).map((s) => s.label))
    named += kinds.size
    right += [...kinds].filter((k) => photo.subjects.includes(k)).length
    labelled += photo.subjects.length
  }
  const mark = threshold === MIN_SUBJECT_SCORE ? '  (the detector’s)' : ''
  console.log(
    `score >= ${threshold.toFixed(2)}: precision ${pct(right, named)} (${right}/${named}), recall ${pct(right, labelled)} (${right}/${labelled})${mark}`,
  )
}
for (const { photo, scored, ms } of found) {
  const kept = scored.filter((s) => s.score >= MIN_SUBJECT_SCORE)
  const said = kept.map((s) => `${s.label} ${s.score.toFixed(2)}`).join(', ') || 'nothing'
  const below = scored
    .filter((s) => s.score < MIN_SUBJECT_SCORE)
    .map((s) => `${s.label} ${s.score.toFixed(2)}`)
  const labelled = photo.subjects.join(', ') || 'nothing'
  console.log(
    `${photo.file.padEnd(20)} ${String(Math.round(ms)).padStart(5)} ms  labelled: ${labelled.padEnd(12)} found: ${said}${below.length ? `  (below: ${below.join(', ')})` : ''}`,
  )
}
const times = found.slice(1).map((f) => f.ms)
console.log(
  `time per picture, after the first (model load ${Math.round(found[0]!.ms)} ms): mean ${Math.round(times.reduce((a, b) => a + b, 0) / times.length)} ms, max ${Math.round(Math.max(...times))} ms`,
)

/** The share of the subjects each text of the composition covers, one number a text. */
function textCover(descriptions: ImageDescription[], ratio: Ratio): number[] {
  const composed = compose(descriptions, 'A calm autumn walk by the lake, ending at night', ratio)
  const movie = { width: composed.movieParams.width, height: composed.movieParams.height }
  const byFile = new Map(descriptions.map((d) => [d.filename, d]))
  return composed.composition.flatMap((slide) => {
    const d = byFile.get(slide.filename)!
    const subjects = subjectsOnFrame(d, slide.framing ?? 'cover', movie)
    if (subjects.length === 0) return []
    return slide.effects.flatMap((e) => {
      if (e.name !== 'animated_text') return []
      const block = textBlockBound(e.params.text, e.params.fontSize, movie)
      return [coveredShare(textRect(e.params.endPositionX, e.params.endPositionY, block), subjects)]
    })
  })
}

const withSubjects = described.filter((d) => d.subjects)
const shares = (Object.keys(RATIOS) as Ratio[]).flatMap((ratio) => [
  ...withSubjects.flatMap((d) => textCover([d], ratio)),
  ...textCover(withSubjects, ratio),
  ...textCover([...withSubjects].reverse(), ratio),
])
const over = shares.filter((s) => s > SUBJECT_COVER_SHARE).length
console.log(
  `titles and captions over detected subjects: ${shares.length} texts in ${Object.keys(RATIOS).length} formats, mean ${pct(
    shares.reduce((a, b) => a + b, 0),
    shares.length,
  )} of the subjects' area covered, max ${(100 * Math.max(...shares)).toFixed(0)} %, ${over} over ${(100 * SUBJECT_COVER_SHARE).toFixed(0)} %`,
)

registerFonts()
const ctx = createCanvas(1, 1).getContext('2d') as unknown as Ctx

/** The most of the slides' subjects each slide's narration captions cover, one number a slide. */
function captionCover(
  descriptions: ImageDescription[],
  ratio: Ratio,
  position: CaptionPosition,
): number[] {
  const composed = compose(descriptions, 'A calm autumn walk by the lake, ending at night', ratio)
  const movie = {
    ...composed.movieParams,
    captions: { ...DEFAULT_CAPTIONS, enabled: true, position },
  }
  const byFile = new Map(descriptions.map((d) => [d.filename, d]))
  return composed.composition.flatMap((slide) => {
    const captions = estimatedCaptions(movie, slide)
    if (!captions || !slide.subjects) return []
    const d = byFile.get(slide.filename)!
    const media = { source: null as never, width: d.width, height: d.height }
    const frame = frameInfo(movie.width, movie.height, slide, media)
    const { m, pages } = captionLayout(ctx, captions, frame)
    return [captionPlacement(ctx, pages, m, position, frame, slide).cover]
  })
}

for (const position of ['auto', 'bottom'] as const) {
  const covers = (Object.keys(RATIOS) as Ratio[]).flatMap((ratio) => [
    ...withSubjects.flatMap((d) => captionCover([d], ratio, position)),
    ...captionCover(withSubjects, ratio, position),
  ])
  const over = covers.filter((s) => s > SUBJECT_COVER_SHARE).length
  console.log(
    `narration captions over detected subjects, ${position === 'auto' ? 'on Auto' : 'always at the bottom (before Auto)'}: ${covers.length} slides in ${Object.keys(RATIOS).length} formats, mean ${pct(
      covers.reduce((a, b) => a + b, 0),
      covers.length,
    )}, max ${(100 * Math.max(...covers)).toFixed(0)} %, ${over} over ${(100 * SUBJECT_COVER_SHARE).toFixed(0)} %`,
  )
}
