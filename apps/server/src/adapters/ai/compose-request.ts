import { z } from 'zod'
import {
  EFFECTS,
  FONTS,
  MAX_EFFECTS_PER_SLIDE,
  MAX_NARRATION_CHARS,
  MUSIC_TRACKS,
  MusicTrackIdSchema,
  type EffectName,
  type ImageDescription,
  type Ratio,
} from '@storyreel/core'
import type { ChatMessage } from './chat'

/**
 * Params the model is not asked for: the text box's width and height are pixels of a movie
 * whose size the app sets later (absent, the box fits the frame), on top of each effect's hidden
 * params (a zoom's focus comes from the analysis, a text's scaled size from its font size).
 */
const PIXEL_PARAMS = new Set(['width', 'height'])

const FONT_VALUES = FONTS.map((f) => f.value) as [string, ...string[]]

/** Each effect's params as the model may set them: its own schema, less what it cannot judge. */
const AI_PARAMS = Object.fromEntries(
  EFFECTS.map((d) => {
    const hidden = new Set<string>(d.hidden ?? [])
    const controls: Partial<Record<string, 'font'>> = d.controls ?? {}
    const shape = Object.entries((d.params as z.ZodObject).shape).flatMap(([key, schema]) => {
      if (hidden.has(key) || PIXEL_PARAMS.has(key)) return []
      // The font table's stored values, so the model picks a font the render has.
      return [[key, controls[key] === 'font' ? z.enum(FONT_VALUES).optional() : schema]]
    })
    return [d.name, z.object(Object.fromEntries(shape))]
  }),
) as Record<EffectName, z.ZodObject>

/** The params the model may set for an effect (the rest are dropped from its answer). */
export function aiParamNames(effect: EffectName): string[] {
  return Object.keys(AI_PARAMS[effect].shape)
}

const EffectAnswerSchema = z.union(
  EFFECTS.map((d) =>
    z.object({
      name: z.literal(d.name),
      params: AI_PARAMS[d.name],
      description: z.string().describe('What the effect does for the story, in a few words.'),
    }),
  ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
)

/**
 * The composition as the model answers it: slides of the described files only (their names as
 * an enum), each with its duration, narration and effects, and the built-in music track. The
 * server adds the rest (ids, the movie's size and voice) and checks everything again: a
 * compatible server may not keep to it.
 */
export function compositionAnswerSchema(filenames: string[]) {
  return z.object({
    slides: z.array(
      z.object({
        filename: z.enum([...new Set(filenames)] as [string, ...string[]]),
        duration: z.number().describe('Seconds on screen.'),
        narration: z
          .string()
          .describe(`Spoken over the slide, at most ${MAX_NARRATION_CHARS} characters.`),
        effects: z.array(EffectAnswerSchema).describe(`At most ${MAX_EFFECTS_PER_SLIDE}.`),
      }),
    ),
    music: MusicTrackIdSchema.describe('The background music track whose mood suits the story.'),
  })
}

const INSTRUCTIONS = `You edit short videos made from a user's pictures and clips.
Answer with the slide list of one video:
- One slide per file, each file once, in the order given unless the user's idea asks for another.
- duration: seconds on screen; pictures 3 to 6, clips no longer than their own length.
- narration: one or two short sentences spoken over the slide that tell the user's story in order; an empty string for a silent slide.
- effects: two to four per slide. Slides dissolve into each other on their own: fade only on the first slide (fadeInDuration, out of black) and the last (fadeOutDuration, into black). A gentle zoom on pictures (zoomStart and zoomEnd are percent, 100 fills the frame; 100 to 120 is calm, more is dramatic). vignette for dark or moody pictures. blur and distort rarely, for a reason. animated_text for a short caption (a few words) from the user's idea: positions are percent of the frame of the text's centre, textStart and textEnd seconds within the slide; put it inside the file's calmRegion when it has one, and pick a colour that reads on that part of the picture.
- format: the frame's shape; a wide picture in a tall frame is cropped at its sides, so keep text where the frame shows it.
- music: the background track whose mood suits the story, one of: ${MUSIC_TRACKS.map((t) => `${t.id} (${t.mood})`).join(', ')}.
- Never invent files: use only the filenames given.`

/** The frame's shape in words: the model places text and judges framing by it. */
const RATIO_SHAPES: Record<Ratio, string> = {
  '16:9': 'landscape',
  '1:1': 'square',
  '4:5': 'slightly tall',
  '9:16': 'tall, vertical phone screen',
}

/** What the model is told about each file: what the analysis (and vision) found. */
function fileFacts(d: ImageDescription) {
  return {
    filename: d.filename,
    kind: d.kind,
    orientation: d.orientation,
    seconds: d.duration,
    summary: d.summary,
    subject: d.subject,
    // What the offline detector found and where, percent of the picture: text and crops avoid it.
    subjects: d.subjects?.map(({ label, box }) => ({ label, box })),
    mood: d.mood,
    brightness: d.brightness,
    colours: d.dominantColors,
    colourShares: d.colourShares,
    focus: d.focus,
    calmRegion: d.calmRegion,
  }
}

export function composeMessages(
  descriptions: ImageDescription[],
  suggestion: string,
  ratio: Ratio,
): ChatMessage[] {
  const request = {
    idea: suggestion.trim(),
    format: `${ratio} (${RATIO_SHAPES[ratio]})`,
    files: descriptions.map(fileFacts),
  }
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify(request) },
  ]
}
