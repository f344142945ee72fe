import { z } from 'zod'
import type { CalmRegion, ImageDescription } from './media-file'
import { mainSubjectBox } from './subjects'

/**
 * How a slide's picture meets a frame of another shape: `cover` fills the frame and crops the
 * overflow (toward the zoom's focus), `fit` shows the whole picture centred on a blurred,
 * darkened copy of itself (the look phones give a portrait photo in a landscape video).
 */
export const FramingSchema = z.enum(['cover', 'fit'])
export type Framing = z.infer<typeof FramingSchema>

/**
 * How far the subject is taken to reach either side of the focus point, as a fraction of the
 * picture along the axis cover crops. The analysis gives a point, not an extent: half the
 * picture around it keeps a person or a skyline whole, and a crop keeping half the picture or
 * more (a square photo in 16:9, 16:9 in a square) always contains it. A clip's focus comes from
 * one of its frames and things move, so its subject is given more room.
 */
export const SUBJECT_REACH = { image: 0.25, video: 1 / 3 } as const

/**
 * A calm region (where captions go, free of detail) this wide across the picture, 0..1, is a
 * band the subject is not in: a crop may lose it.
 */
export const CALM_BAND_ACROSS = 0.9

/** The share of a detected subject's box a cover crop may cut from either side. */
export const BOX_SLACK = 0.05

/** Start and end of the subject along the cropped axis, 0..1, less a calm band at either end. */
function subjectSpan(
  focus: number,
  reach: number,
  calm: CalmRegion | undefined,
  tall: boolean,
): [number, number] {
  let start = Math.max(0, focus - reach)
  let end = Math.min(1, focus + reach)
  if (calm && (tall ? calm.width : calm.height) / 100 >= CALM_BAND_ACROSS) {
    const c0 = (tall ? calm.y : calm.x) / 100
    const c1 = c0 + (tall ? calm.height : calm.width) / 100
    if (c0 <= start && c1 > start) start = Math.min(c1, end)
    if (c1 >= end && c0 < end) end = Math.max(c0, start)
  }
  return [start, end]
}

/**
 * The framing that shows the subject whole. A picture whose subjects were detected covers when
 * the crop centred on them holds their box (mainSubjectBox), and fits otherwise. Without, cover unless the focus-centred cover crop would
 * cut what lies within SUBJECT_REACH of the focus (a portrait photo in a 16:9 video, a panorama
 * in 9:16), less any calm band across the picture, which holds no subject. A mild difference of
 * shape always covers; a strong one fits unless the subject sits so near the kept edge of the
 * picture, or is so cut short by a calm band, that the crop still holds all of it.
 */
export function chooseFraming(
  description: Pick<
    ImageDescription,
    'width' | 'height' | 'focus' | 'kind' | 'calmRegion' | 'subjects'
  >,
  movie: { width: number; height: number },
): Framing {
  const media = description.width / description.height
  const frame = movie.width / movie.height
  // Cover scales the picture to the frame's width when the picture is the taller shape, and
  // keeps `kept` of its height; otherwise of its width.
  const tall = media < frame
  const kept = tall ? media / frame : frame / media
  const focus = (tall ? description.focus.y : description.focus.x) / 100
  const reach = SUBJECT_REACH[description.kind]
  // The crop is centred on the focus as far as the picture goes, as the camera's is.
  const start = Math.min(Math.max(focus - kept / 2, 0), 1 - kept)
  const box = mainSubjectBox(description.subjects)
  // A detector's box is loose around the thing: a crop may shave a little of it.
  const slack = box ? (BOX_SLACK * (tall ? box.height : box.width)) / 100 : 0
  const [subjectStart, subjectEnd] = box
    ? [
        (tall ? box.y : box.x) / 100 + slack,
        (tall ? box.y + box.height : box.x + box.width) / 100 - slack,
      ]
    : subjectSpan(focus, reach, description.calmRegion, tall)
  // A hair of tolerance, so rounding never turns an exact fit into a cut.
  const keepsSubject = subjectStart >= start - 1e-9 && subjectEnd <= start + kept + 1e-9
  return keepsSubject ? 'cover' : 'fit'
}
