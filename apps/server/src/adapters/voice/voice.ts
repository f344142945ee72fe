import type { SpokenNarration, VoiceId } from '@storyreel/core'

/** One text read by one voice: MP3 audio, its length and when each word is said. */
export interface Speech extends SpokenNarration {
  /** audio/mpeg bytes. */
  mp3: Buffer
}

/**
 * A text-to-speech engine speaking the six voices of core's VOICES. The embedded engine works
 * offline; the OpenAI one speaks through OpenAI's speech API (or any compatible server).
 */
export interface VoiceEngine {
  /** Part of the speech cache's key: the same voice id sounds different on another engine. */
  name: 'embedded' | 'openai'
  speak(text: string, voice: VoiceId, signal?: AbortSignal): Promise<Speech>
}
