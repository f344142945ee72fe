import type { Env } from '../../env'
import type { AiEngine } from './ai'
import { embeddedAi } from './embedded-ai'
import { openAiEngine } from './openai-ai'

/** OpenAI's models when the environment has a key for them, else the offline engine. */
export function openAi(env: Env): AiEngine {
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH }
  if (!env.OPENAI_API_KEY) return embeddedAi(tools)
  return openAiEngine({
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    chatModel: env.OPENAI_CHAT_MODEL,
    visionModel: env.OPENAI_VISION_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_SECONDS * 1000,
    tools,
  })
}
