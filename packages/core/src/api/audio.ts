import { z } from 'zod'
import { hasSpeech, MAX_NARRATION_CHARS } from '../narration'
import { VoiceIdSchema } from '../voices'
import { endpoint } from './endpoint'

export const AudioGenerateBodySchema = z.object({
  /** Words to read: a text of punctuation alone is refused (msg_zod_validation_error: text). */
  text: z.string().trim().max(MAX_NARRATION_CHARS).refine(hasSpeech, 'nothing to say'),
  voice: VoiceIdSchema,
})

export const audioApi = {
  /** The voice reading the text, as audio/mpeg: the editor's voice preview. */
  generate: endpoint({
    method: 'POST',
    path: '/audio/generate',
    body: AudioGenerateBodySchema,
    answer: 'binary',
  }),
}
