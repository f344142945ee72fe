import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
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
 * first one also loads the model), the machine otherwise idle.
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
  const { width, height } = await sharp(file).metadata()
  const start = performance.now()
  const subjects = await detectSubjects(file, { width, height }, { minScore: THRESHOLDS[0] })
  found.push({ photo, scored: subjects, ms: performance.now() - start })
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
