import type { SpokenNarration, VoiceId } from '@storyreel/core'
import { fairLimit, withTimeout } from '../../lib/concurrency'

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
  /**
   * Speaks for `owner` (a user id): texts of different owners take turns for the engine, one of
   * each owner's at a time, so one user's pile of texts never holds another's back.
   */
  speak(text: string, voice: VoiceId, ask: { owner: string; signal?: AbortSignal }): Promise<Speech>
}

export interface SpeakLimits {
  /** Syntheses at once, for all owners together; each keeps a core (or a request) busy. */
  concurrency?: number
  /** A synthesis and its encoding are stopped after this long. */
  timeoutMs?: number
}

/**
 * An engine that speaks through `speak`, a few texts at a time, owners taking turns (the fair
 * queue of ../../lib/fair-queue.ts). The time limit starts once a text's turn comes: waiting in
 * line is not synthesising.
 */
export function limitedEngine(
  name: VoiceEngine['name'],
  speak: (text: string, voice: VoiceId, signal: AbortSignal) => Promise<Speech>,
  limits: SpeakLimits,
): VoiceEngine {
  const limit = fairLimit(limits.concurrency ?? 2)
  const timeoutMs = limits.timeoutMs ?? 60_000
  return {
    name,
    speak: (text, voice, { owner, signal }) =>
      limit(owner, () => speak(text, voice, withTimeout(signal, timeoutMs)), signal),
  }
}
