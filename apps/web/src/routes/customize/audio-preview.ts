import { hasSpeech, TIMINGS, UI_TEXT } from '@storyreel/core'
import type { VoiceId } from '@storyreel/core'
import { errorText } from '../../lib/api'

/**
 * Why a preview may not be asked for now (SPEC section 5), or null: it needs words and a voice,
 * and the server is asked at most once per cooldown, counted from the last request's start.
 */
export function previewRefusal(
  text: string,
  voice: VoiceId | null,
  lastRequestAt: number | null,
  now: number,
): string | null {
  if (!hasSpeech(text) || voice === null) return UI_TEXT.audioPreviewNeedsTextAndVoice
  if (lastRequestAt !== null && now - lastRequestAt < TIMINGS.audioPreviewCooldownMs) {
    return UI_TEXT.audioPreviewCooldown
  }
  return null
}

/** What came back, as the checks of SPEC section 5 see it. */
export interface AudioAnswer {
  /** The Content-Type it declared. */
  type: string | null
  /** False for an answer without a body at all (a 204, say): no audio data was received. */
  hasBody: boolean
  /** Bytes read: none means the audio generated was empty. */
  size: number
}

/** Why an answer cannot be played (SPEC section 5), or null. */
export function audioProblem({ type, hasBody, size }: AudioAnswer): string | null {
  if (!type?.toLowerCase().startsWith('audio/')) return UI_TEXT.audioPreviewNotAudio
  if (!hasBody) return UI_TEXT.audioPreviewEmptyData
  if (size === 0) return UI_TEXT.audioPreviewEmpty
  return null
}

export type PreviewStatus = 'loading' | 'playing'

/** The preview under way: which one (a key the buttons know it by) and how far it got. */
export type PreviewState = { key: string; status: PreviewStatus } | null

/** The part of an <audio> element the player uses. */
export interface AudioOutput {
  src: string
  play(): Promise<void>
  pause(): void
  removeAttribute(name: 'src'): void
  load(): void
  onended: ((event: Event) => void) | null
}

export interface PreviewPlayerDeps {
  /** Asks the server to read the text (audioApi.generate); `signal` calls it off. */
  generate(text: string, voice: VoiceId, signal: AbortSignal): Promise<Response>
  /** The one element that plays previews, made on first use. */
  output(): AudioOutput
  /** Shows an error to the user (the app's red toast). */
  notify(text: string): void
  now(): number
  objectUrl(blob: Blob): string
  revokeUrl(url: string): void
}

export interface PreviewPlayer {
  state(): PreviewState
  subscribe(listener: () => void): () => void
  /** Stops the preview `key` if it is under way, else asks for it and plays it. */
  toggle(key: string, text: string, voice: VoiceId | null): Promise<void>
  /** The same for a stored file (a music track), played from its URL as it streams in. */
  toggleUrl(key: string, url: string): Promise<void>
  stop(): void
}

/** A check of the answer failed: its text is the user's. */
class AnswerError extends Error {}

/**
 * Audio previews, one at a time: a voice's asks the server to read a text, checks that audio
 * came back and plays it, a music track's plays its file; a new one stops the last. Every failure is told through `notify` in the
 * words of SPEC sections 5 and 8. The browser's parts come in `deps`, so the rules are tested
 * without one.
 */
export function createPreviewPlayer(deps: PreviewPlayerDeps): PreviewPlayer {
  let state: PreviewState = null
  let lastRequestAt: number | null = null
  // The preview under way; a later one or a stop replaces it, and the old one's steps then end.
  let turn: AbortController | null = null
  let url: string | null = null
  let output: AudioOutput | null = null
  const listeners = new Set<() => void>()

  const set = (next: PreviewState) => {
    state = next
    listeners.forEach((listener) => listener())
  }

  function audio(): AudioOutput {
    if (!output) {
      output = deps.output()
      output.onended = stop
    }
    return output
  }

  function stop(): void {
    turn?.abort()
    turn = null
    if (output) {
      output.pause()
      // Lets go of the last preview's bytes.
      output.removeAttribute('src')
      output.load()
    }
    if (url) deps.revokeUrl(url)
    url = null
    if (state) set(null)
  }

  async function play(key: string, text: string, voice: VoiceId | null): Promise<void> {
    const refusal = previewRefusal(text, voice, lastRequestAt, deps.now())
    if (refusal || voice === null) {
      deps.notify(refusal ?? UI_TEXT.audioPreviewNeedsTextAndVoice)
      return
    }
    lastRequestAt = deps.now()
    stop()
    const mine = new AbortController()
    turn = mine
    set({ key, status: 'loading' })

    let blob: Blob
    try {
      const response = await deps.generate(text.trim(), voice, mine.signal)
      blob = await response.blob()
      const problem = audioProblem({
        type: response.headers.get('Content-Type'),
        hasBody: response.body !== null,
        size: blob.size,
      })
      if (problem) throw new AnswerError(problem)
    } catch (error) {
      if (turn !== mine) return
      stop()
      deps.notify(
        error instanceof AnswerError ? error.message : errorText(error, UI_TEXT.failedAudioPreview),
      )
      return
    }
    if (turn !== mine) return

    const element = audio()
    url = deps.objectUrl(blob)
    element.src = url
    try {
      await element.play()
    } catch {
      // A stop while play() was pending rejects it too: that is no failure.
      if (turn !== mine) return
      stop()
      deps.notify(UI_TEXT.failedPlayAudio)
      return
    }
    if (turn === mine) set({ key, status: 'playing' })
  }

  async function playUrl(key: string, source: string): Promise<void> {
    stop()
    const mine = new AbortController()
    turn = mine
    set({ key, status: 'loading' })
    const element = audio()
    element.src = source
    try {
      await element.play()
    } catch {
      if (turn !== mine) return
      stop()
      deps.notify(UI_TEXT.failedPlayAudio)
      return
    }
    if (turn === mine) set({ key, status: 'playing' })
  }

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    toggle(key, text, voice) {
      if (state?.key === key) {
        stop()
        return Promise.resolve()
      }
      return play(key, text, voice)
    },
    toggleUrl(key, source) {
      if (state?.key === key) {
        stop()
        return Promise.resolve()
      }
      return playUrl(key, source)
    },
    stop,
  }
}
