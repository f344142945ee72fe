import type { Env } from '../../env'
import { embeddedVoice } from './embedded-voice'
import { openAiVoice } from './openai-voice'
import type { VoiceEngine } from './voice'

/** OpenAI's voices when the environment has a key for them, else the offline ones. */
export function openVoice(env: Env): VoiceEngine {
  if (!env.OPENAI_API_KEY) return embeddedVoice({ ffmpeg: env.FFMPEG_PATH })
  return openAiVoice({
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.OPENAI_TTS_MODEL,
    ffmpeg: env.FFMPEG_PATH,
  })
}
