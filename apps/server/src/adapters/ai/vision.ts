import { z } from 'zod'
import { subjectWords, type CalmRegion, type ImageDescription } from '@storyreel/core'
import type { ChatMessage } from './chat'

/** What the vision model answers about one picture. */
export const VisionNotesSchema = z.object({
  subject: z.string().describe('What the picture shows, in a few words.'),
  mood: z.string().describe('Its mood in one or two words.'),
  summary: z.string().describe('One sentence about the picture, to be read aloud over it.'),
  calmRegion: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .optional()
    .describe(
      'The largest area without important detail (sky, wall, plain ground) where a caption ' +
        "covers nothing: percent of the picture's width and height from its top-left corner; " +
        'null when there is none.',
    ),
})
export type VisionNotes = z.infer<typeof VisionNotesSchema>

const INSTRUCTIONS =
  'You look at one picture for the editor of a short video made from it and other media. ' +
  'Describe what it shows plainly and truthfully; never name or guess who a person is.'

/** The question about one picture: the user's idea and what the local analysis measured. */
export function visionMessages(
  local: ImageDescription,
  suggestion: string,
  jpegUrl: string,
): ChatMessage[] {
  const facts =
    `It is a ${local.orientation} ${local.kind === 'video' ? 'frame of a video clip' : 'picture'}, ` +
    `${local.width}x${local.height} pixels.`
  const idea = suggestion.trim() ? `The video is about: ${suggestion.trim()}\n` : ''
  const found = local.subjects?.length
    ? `\nAn object detector found ${subjectWords(local.subjects)}: ${local.subjects
        .map(
          ({ label, box }) =>
            `${label} at x ${box.x}-${round(box.x + box.width)} %, y ${box.y}-${round(box.y + box.height)} %`,
        )
        .join('; ')}.`
    : ''
  return [
    { role: 'system', content: INSTRUCTIONS },
    {
      role: 'user',
      content: [
        { type: 'text', text: `${idea}${facts}${found}` },
        { type: 'image_url', image_url: { url: jpegUrl, detail: 'low' } },
      ],
    },
  ]
}

const round = (v: number) => Math.round(v * 10) / 10

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))
/** A region smaller than this (percent of a side) has no room for a line of text. */
const MIN_REGION_SIDE = 5

/** The model's calm region kept inside the picture, or none when too little of it is left. */
export function visionRegion(r: VisionNotes['calmRegion']): CalmRegion | undefined {
  if (!r || ![r.x, r.y, r.width, r.height].every(Number.isFinite)) return undefined
  const x = clamp(r.x, 0, 100)
  const y = clamp(r.y, 0, 100)
  const width = clamp(r.width, 0, 100 - x)
  const height = clamp(r.height, 0, 100 - y)
  if (width < MIN_REGION_SIDE || height < MIN_REGION_SIDE) return undefined
  return { x, y, width, height }
}

const cut = (text: string, max: number) => text.trim().slice(0, max)

/**
 * The local description with what the model saw: its subject, mood and summary (a sentence
 * about the content says more than the measured light and colours), and its calm region (see
 * visionRegion, with its luma measured), which knows where the subject is, over the local one.
 */
export function withVision(
  local: ImageDescription,
  notes: VisionNotes,
  calmRegion: CalmRegion | undefined,
): ImageDescription {
  const subject = cut(notes.subject, 200)
  const mood = cut(notes.mood, 100)
  return {
    ...local,
    summary: cut(notes.summary, 300) || local.summary,
    ...(subject && { subject }),
    ...(mood && { mood }),
    ...(calmRegion && { calmRegion }),
  }
}
