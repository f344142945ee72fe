import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { estimateWordTimings, type VoiceId } from '@storyreel/core'
import { toAscii } from './ascii-text'
import { encodeMp3 } from './audio-codec'
import { runSpeechHelper, type SpeechHelper } from './speech-helpers'
import { limitedEngine, type SpeakLimits, type Speech, type VoiceEngine } from './voice'
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

export interface EmbeddedVoiceOptions extends SpeakLimits {
  ffmpeg: string
}

/**
 * The offline voices: RHVoice and flite run as child processes (apps/server/native), never on
 * the event loop; each reports when it says each word, and ffmpeg encodes the MP3.
 */
export function embeddedVoice(opts: EmbeddedVoiceOptions): VoiceEngine {
  return limitedEngine(
    'embedded',
    (text, voice, signal) => speakOffline(text, voice, opts.ffmpeg, signal),
    opts,
  )
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
