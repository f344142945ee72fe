import { z } from 'zod'
import { MusicTrackIdSchema } from '../music'
import { hasSpeech, MAX_NARRATION_CHARS } from '../narration'
import { VoiceIdSchema } from '../voices'
import { endpoint } from './endpoint'

export const AudioGenerateBodySchema = z.object({
  /** Words to read: a text of punctuation alone is refused (msg_zod_validation_error: text). */
  text: z.string().trim().max(MAX_NARRATION_CHARS).refine(hasSpeech, 'nothing to say'),
  voice: VoiceIdSchema,
})

export const AudioLengthSchema = z.object({
  /** Seconds the reading lasts in the video (boundedNarrationSeconds). */
  seconds: z.number().positive(),
})
export type AudioLength = z.infer<typeof AudioLengthSchema>

export const audioApi = {
  /** The voice reading the text, as audio/mpeg: the editor's voice preview. */
  generate: endpoint({
    method: 'POST',
    path: '/audio/generate',
    body: AudioGenerateBodySchema,
    answer: 'binary',
  }),
  /**
   * How long the voice takes to read the text, by the same synthesis and cache the render uses:
   * the editor's true slide lengths. An addition beyond SPEC section 7.
   */
  length: endpoint({
    method: 'POST',
    path: '/audio/length',
    body: AudioGenerateBodySchema,
    answer: AudioLengthSchema,
  }),
  /** A built-in music track (MUSIC_TRACKS), levelled: the Music panel's preview and the mix. */
  musicTrack: endpoint({
    method: 'GET',
    path: '/audio/music/:track',
    params: z.object({ track: MusicTrackIdSchema }),
    answer: 'binary',
  }),
}
