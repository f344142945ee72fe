import type { SpokenNarration, VoiceId } from '@storyreel/core'
import { concurrencyLimit, withTimeout } from '../../lib/concurrency'

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

export interface SpeakLimits {
  /** Syntheses at once; each keeps a core (or a request to the provider) busy. */
  concurrency?: number
  /** A synthesis and its encoding are stopped after this long. */
  timeoutMs?: number
}

/**
 * An engine that speaks through `speak`, a few texts at a time. The time limit starts once a
 * text's turn comes: waiting in line is not synthesising.
 */
export function limitedEngine(
  name: VoiceEngine['name'],
  speak: (text: string, voice: VoiceId, signal: AbortSignal) => Promise<Speech>,
  limits: SpeakLimits,
): VoiceEngine {
  const limit = concurrencyLimit(limits.concurrency ?? 2)
  const timeoutMs = limits.timeoutMs ?? 60_000
  return {
    name,
    speak: (text, voice, signal) =>
      limit(() => speak(text, voice, withTimeout(signal, timeoutMs)), signal),
  }
}
