import { z } from 'zod'
import { AudioFileSchema } from '../audio-file'
import { AUDIO_UPLOAD_RULES } from '../limits'
import { AudioNameSchema, MusicTrackIdSchema } from '../music'
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

export const AudioNameParamsSchema = z.object({ name: AudioNameSchema })

/** Room in an audio upload's body for its multipart framing, beside the file itself. */
const AUDIO_FRAMING_BYTES = 64 * 1024

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
  /**
   * Keeps the user's own audio file (multipart: one `file`) for the music bed: its real type by
   * its bytes, probed with ffprobe, counted in their storage quota. Answers msg_unsupported_audio
   * for anything else.
   */
  uploadAudio: endpoint({
    method: 'POST',
    path: '/audio/files',
    body: 'multipart',
    answer: AudioFileSchema,
    maxBodyBytes: AUDIO_UPLOAD_RULES.maxBytes + AUDIO_FRAMING_BYTES,
  }),
  /** The user's audio files, newest first (the Music panel's "Your music"). */
  listAudio: endpoint({
    method: 'GET',
    path: '/audio/files',
    answer: z.array(AudioFileSchema),
  }),
  getAudio: endpoint({
    method: 'GET',
    path: '/audio/files/:name',
    params: AudioNameParamsSchema,
    answer: 'binary',
  }),
  /** Refused with msg_media_in_use while a video still rendering has it as its music. */
  deleteAudio: endpoint({
    method: 'DELETE',
    path: '/audio/files/:name',
    params: AudioNameParamsSchema,
    answer: z.null(),
  }),
}
