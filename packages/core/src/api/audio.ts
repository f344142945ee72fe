import { z } from 'zod'
import { MAX_NARRATION_CHARS } from '../narration'
import { VoiceIdSchema } from '../voices'
import { endpoint } from './endpoint'

export const AudioGenerateBodySchema = z.object({
  text: z.string().trim().min(1).max(MAX_NARRATION_CHARS),
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
