import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { estimateWordTimings, type VoiceId } from '@storyreel/core'
import { alignWords } from './align-words'
import { decodePcm16k } from './audio-codec'
import { limitedEngine, type SpeakLimits, type Speech, type VoiceEngine } from './voice'

/** Our voices as OpenAI's: the same gender, and the Scottish Alan as the British-sounding fable. */
export const OPENAI_VOICES: Record<VoiceId, string> = {
  bdl: 'onyx',
  clb: 'nova',
  slt: 'shimmer',
  alan: 'fable',
  rms: 'echo',
  kal16: 'ash',
}

export interface OpenAiVoiceOptions extends SpeakLimits {
  apiKey: string
  /** The API root, e.g. https://api.openai.com/v1, or any server speaking its wire format. */
  baseUrl: string
  model: string
  ffmpeg: string
}

/**
 * OpenAI's speech API. It reports no word times: they come from aligning its audio with the
 * text offline (align-words.ts), or, when that fails, from core's estimate.
 */
export function openAiVoice(opts: OpenAiVoiceOptions): VoiceEngine {
  return limitedEngine(
    'openai',
    (text, voice, signal) => speakOnline(text, voice, opts, signal),
    opts,
  )
}

async function speakOnline(
  text: string,
  voice: VoiceId,
  opts: OpenAiVoiceOptions,
  signal: AbortSignal,
): Promise<Speech> {
  const res = await fetch(`${opts.baseUrl.replace(/\/+$/, '')}/audio/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: opts.model,
      input: text,
      voice: OPENAI_VOICES[voice],
      response_format: 'mp3',
    }),
    signal,
  })
  if (!res.ok) throw new Error(`OpenAI speech failed: ${await describeError(res)}`)
  const mp3 = Buffer.from(await res.arrayBuffer())
  const type = res.headers.get('content-type') ?? ''
  if (!type.startsWith('audio/') || mp3.length === 0) {
    throw new Error(`OpenAI speech answered ${mp3.length} bytes of ${type || 'no type'}, not audio`)
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'storyreel-openai-'))
  try {
    const mp3File = path.join(dir, 'speech.mp3')
    await writeFile(mp3File, mp3)
    const pcm = await decodePcm16k(mp3File, opts.ffmpeg, signal)
    const seconds = pcm.length / 2 / 16_000
    const aligned = await alignWords(text, pcm, signal).catch((err) => {
      if (signal.aborted) throw err
      return null
    })
    return { mp3, seconds, words: aligned ?? estimateWordTimings(text, seconds) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** OpenAI's error answer is `{ error: { message, type } }`; anything else is quoted as it is. */
async function describeError(res: Response): Promise<string> {
  const body = await res.text()
  try {
    const { error } = JSON.parse(body) as { error?: { message?: string; type?: string } }
    if (error?.message) return `${res.status} ${error.type ?? 'error'}: ${error.message}`
  } catch {
    // not JSON
  }
  return `${res.status} ${body.slice(0, 200)}`
}
