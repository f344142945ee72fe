import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { estimateWordTimings, type VoiceId } from '@storyreel/core'
import { toAscii } from './ascii-text'
import { encodeMp3 } from './audio-codec'
import { concurrencyLimit, withTimeout } from './concurrency'
import { runSpeechHelper, type SpeechHelper } from './speech-helpers'
import type { Speech, VoiceEngine } from './voice'
import { charIndex, timeWords, type SpokenSpan } from './word-timings'

/** Which synthesiser speaks each voice (docs/decisions/008-voices.md). */
const HELPER: Record<VoiceId, SpeechHelper> = {
  bdl: 'rhvoice-speak',
  clb: 'rhvoice-speak',
  slt: 'rhvoice-speak',
  alan: 'rhvoice-speak',
  rms: 'flite-speak',
  kal16: 'flite-speak',
}

export interface EmbeddedVoiceOptions {
  ffmpeg: string
  /** Syntheses at once; each keeps a core busy. */
  concurrency?: number
  /** A synthesis and its encoding are stopped after this long. */
  timeoutMs?: number
}

/**
 * The offline voices: RHVoice and flite run as child processes (apps/server/native), never on
 * the event loop; each reports when it says each word, and ffmpeg encodes the MP3.
 */
export function embeddedVoice(opts: EmbeddedVoiceOptions): VoiceEngine {
  const limit = concurrencyLimit(opts.concurrency ?? 2)
  const timeoutMs = opts.timeoutMs ?? 60_000
  return {
    name: 'embedded',
    speak(text, voice, signal) {
      // The timeout starts once a turn comes: waiting in line is not synthesising.
      return limit(
        () => speakOffline(text, voice, opts.ffmpeg, withTimeout(signal, timeoutMs)),
        signal,
      )
    },
  }
}

async function speakOffline(
  text: string,
  voice: VoiceId,
  ffmpeg: string,
  signal: AbortSignal,
): Promise<Speech> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyreel-voice-'))
  try {
    const helper = HELPER[voice]
    // flite reads bytes: it gets ASCII, and its offsets are mapped back to the text as written.
    const ascii = helper === 'flite-speak' ? toAscii(text) : null
    const textFile = path.join(dir, 'text.txt')
    const wavFile = path.join(dir, 'speech.wav')
    await writeFile(textFile, ascii?.text ?? text)
    const said = await runSpeechHelper(helper, voice, textFile, wavFile, signal)
    const spans: SpokenSpan[] = said.words
      .filter((w) => w.byteLength > 0)
      .map((w) => {
        const end = w.byteFrom + w.byteLength
        const [from, to] = ascii
          ? [ascii.origin[w.byteFrom]!, ascii.origin[end - 1]! + 1]
          : [charIndex(text, w.byteFrom), charIndex(text, end)]
        return { from, to, start: w.start, end: w.end }
      })
    const mp3 = await encodeMp3(wavFile, path.join(dir, 'speech.mp3'), ffmpeg, signal)
    const words = timeWords(text, spans, said.seconds) ?? estimateWordTimings(text, said.seconds)
    return { mp3, seconds: said.seconds, words }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
