import { DETECTABLE_THINGS, type Subject } from '@storyreel/core'

/**
 * A detection this confident or more is a subject. CenterNet's scores on the bench's
 * photographs (bench/vision.ts): its true subjects 0.47-0.65 (a wall of cups 0.36), its
 * mistakes up to 0.38 (a bottle in fallen leaves), 0.43 on the full-size foggy lake (an
 * airplane). Naming a thing that is not there is worse than
 * naming nothing: the narration would say it.
 */
export const MIN_SUBJECT_SCORE = 0.45
/** At most this many subjects are kept, the most confident. */
export const MAX_SUBJECTS = 8
/** A box smaller than this share of the picture is a detail, not a subject. */
const MIN_AREA = 0.004
/** Two boxes of one kind overlapping more than this (IoU) are one thing found twice. */
const SAME_THING_IOU = 0.6

const round1 = (v: number) => Math.round(v * 10) / 10

function iou(a: Subject['box'], b: Subject['box']) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  if (w <= 0 || h <= 0) return 0
  const inter = w * h
  return inter / (a.width * a.height + b.width * b.height - inter)
}

/**
 * The subjects in the model's output: rows of x1, y1, x2, y2 (pixels of the `side`-wide square
 * the picture was letterboxed into, centred), score and class. Boxes are taken back to percent
 * of the picture and clipped to it; weak, tiny and repeated detections are dropped.
 */
export function subjectsFrom(
  rows: Float32Array,
  picture: { width: number; height: number },
  side: number,
  minScore = MIN_SUBJECT_SCORE,
): Subject[] {
  const scale = side / Math.max(picture.width, picture.height)
  const shownW = picture.width * scale
  const shownH = picture.height * scale
  const offX = (side - shownW) / 2
  const offY = (side - shownH) / 2
  const toX = (px: number) => Math.min(100, Math.max(0, ((px - offX) / shownW) * 100))
  const toY = (px: number) => Math.min(100, Math.max(0, ((px - offY) / shownH) * 100))
  const found: Subject[] = []
  for (let i = 0; i + 6 <= rows.length; i += 6) {
    const score = rows[i + 4]!
    const thing = DETECTABLE_THINGS[Math.round(rows[i + 5]!)]
    if (!(score >= minScore) || !thing) continue
    const x0 = toX(rows[i]!)
    const y0 = toY(rows[i + 1]!)
    const box = { x: x0, y: y0, width: toX(rows[i + 2]!) - x0, height: toY(rows[i + 3]!) - y0 }
    if ((box.width * box.height) / 10_000 < MIN_AREA) continue
    const subject = { label: thing.one, box, score: Math.min(1, score) }
    if (found.some((s) => s.label === subject.label && iou(s.box, box) > SAME_THING_IOU)) continue
    found.push(subject)
  }
  return found
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SUBJECTS)
    .map((s) => ({
      label: s.label,
      score: Math.round(s.score * 1000) / 1000,
      box: {
        x: round1(s.box.x),
        y: round1(s.box.y),
        width: round1(s.box.width),
        height: round1(s.box.height),
      },
    }))
}
