import {
  audioApi,
  isBuiltInTrack,
  isNarrated,
  musicLevel,
  musicTrackUrl,
  spokenText,
  userAudioUrl,
} from '@storyreel/core'
import type { Composition, Music, VoiceId } from '@storyreel/core'
import type { Playhead, PlayMode } from '@storyreel/render/browser'
import { callApi, callBinary, fetchBlob } from '../../../lib/api'
import { soundPlan, type SoundSlide } from './sound-plan'

/**
 * The sources start this long after they are scheduled: time for the audio thread to take them,
 * so that none starts late (a late start would be heard cut, not in step).
 */
const START_LEAD_SECONDS = 0.1

/** How long Play waits for the browser to let sound out before the picture goes on alone. */
const RESUME_WAIT_MS = 1500

let context: AudioContext | null = null

/** The page's one audio context, made on first use (suspended until a click resumes it). */
function soundContext(): AudioContext {
  context ??= new AudioContext({ latencyHint: 'interactive' })
  return context
}

/**
 * Lets the sound out: called in the click that plays, since phones' browsers start an audio
 * context only within a user's gesture.
 */
export function unlockSound(): void {
  void soundContext()
    .resume()
    .catch(() => {})
}

const buffers = new Map<string, Promise<AudioBuffer>>()

/** The audio behind `key`, fetched and decoded once per page; a failure is forgotten, to retry. */
function cachedBuffer(key: string, bytes: () => Promise<ArrayBuffer>): Promise<AudioBuffer> {
  let buffer = buffers.get(key)
  if (!buffer) {
    buffer = bytes().then((data) => soundContext().decodeAudioData(data))
    buffer.catch(() => buffers.delete(key))
    buffers.set(key, buffer)
  }
  return buffer
}

/** The key of a narration: its words and the voice reading them. */
const speechKey = (text: string, voice: VoiceId) => `speech:${voice}:${text}`

function narrationBuffer(text: string, voice: VoiceId): Promise<AudioBuffer> {
  // Straight from the server (which caches each reading), not through the voice preview's
  // player: its cooldown paces that button, not the preview's playback.
  return cachedBuffer(speechKey(text, voice), async () => {
    const response = await callBinary(audioApi.generate, { body: { text, voice } })
    if (!response.headers.get('Content-Type')?.startsWith('audio/')) {
      throw new Error(`narration answered ${response.headers.get('Content-Type')}`)
    }
    return response.arrayBuffer()
  })
}

function musicBuffer(music: Music): Promise<AudioBuffer> {
  const url = isBuiltInTrack(music.track) ? musicTrackUrl(music.track) : userAudioUrl(music.track)
  return cachedBuffer(`music:${music.track}`, async () => (await fetchBlob(url)).arrayBuffer())
}

const levels = new Map<string, Promise<number>>()

/**
 * The gain that brings the music to the narration's loudness: 1 for a built-in track (made at
 * it); for the user's own file, from the loudness the server measured at its upload (the
 * number the render levels it by). Asked once per file and page; a failure is forgotten.
 */
function musicGain(music: Music): Promise<number> {
  if (isBuiltInTrack(music.track)) return Promise.resolve(1)
  let level = levels.get(music.track)
  if (!level) {
    level = callApi(audioApi.listAudio).then((files) =>
      musicLevel(files.find((f) => f.name === music.track)?.loudness ?? null),
    )
    level.catch(() => levels.delete(music.track))
    levels.set(music.track, level)
  }
  return level
}

/** The slides as the sound sees them: each narrated one by its narration's key. */
function soundSlides(composition: Composition): SoundSlide[] {
  const { voice } = composition.movieParams
  return composition.composition.map((slide) => ({
    duration: slide.duration,
    speech:
      voice !== null && isNarrated(slide, voice)
        ? speechKey(spokenText(slide, voice), voice)
        : null,
  }))
}

/** Each narration the composition's voice reads, and its music: fetched ahead of Play. */
export function prefetchSound(composition: Composition): void {
  const { voice, music } = composition.movieParams
  for (const slide of composition.composition) {
    if (voice !== null && isNarrated(slide, voice)) {
      narrationBuffer(spokenText(slide, voice), voice).catch(() => {})
    }
  }
  if (music) {
    musicBuffer(music).catch(() => {})
    musicGain(music).catch(() => {})
  }
}

/** The sound of one play, started: its clock and how to silence it. */
export interface PlayingSound {
  /**
   * Seconds of the play heard at the page's time `now` (performance.now's clock): 0 until the
   * first sample comes out of the speakers, then the audio device's own time.
   */
  elapsedAt(now: number): number
  stop(): void
}

/** What a play's sound needs, fetched: null when there is nothing to hear. */
export interface SoundStart {
  sound: PlayingSound | null
  /** Some of the audio could not be had: the picture plays without it. */
  failed: boolean
}

/**
 * The context's time being heard at the page's time `now`: the output timestamp pairs a context
 * time with the moment it leaves the speakers (output latency included); without one, the
 * context's time less its output latency.
 */
function heardContextTime(ctx: AudioContext, now: number): number {
  const stamp = ctx.getOutputTimestamp?.()
  if (stamp?.contextTime !== undefined && stamp.performanceTime) {
    return stamp.contextTime + (now - stamp.performanceTime) / 1000
  }
  return ctx.currentTime - (ctx.outputLatency || ctx.baseLatency || 0)
}

async function resumed(ctx: AudioContext): Promise<boolean> {
  if (ctx.state === 'running') return true
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, RESUME_WAIT_MS))
  await Promise.race([ctx.resume().catch(() => {}), timeout])
  return (ctx.state as AudioContextState) === 'running'
}

/**
 * Fetches (or takes from the page's cache) the narrations and the music of a play from `from`,
 * and starts them on one audio clock: each voice at its slide's start, the music looped under
 * them with its envelope. Whatever failed to come is left out.
 */
export async function startSound(
  composition: Composition,
  from: Playhead,
  mode: PlayMode,
): Promise<SoundStart> {
  const slides = soundSlides(composition)
  const { voice, music } = composition.movieParams
  const wanted = new Map<string, Promise<AudioBuffer>>()
  const last = mode === 'video' ? slides.length - 1 : from.slideIndex
  for (let i = from.slideIndex; i <= last; i++) {
    const key = slides[i]?.speech
    const slide = composition.composition[i]
    if (key && slide && voice !== null)
      wanted.set(key, narrationBuffer(spokenText(slide, voice), voice))
  }
  const [speech, track, level] = await Promise.all([
    Promise.all(
      [...wanted].map(async ([key, buffer]) => [key, await buffer.catch(() => null)] as const),
    ),
    music ? musicBuffer(music).catch(() => null) : Promise.resolve(null),
    // Unknown, the file plays as it is rather than not at all.
    music ? musicGain(music).catch(() => 1) : Promise.resolve(1),
  ])
  const failed =
    speech.some(([, b]) => b === null) || (music !== undefined && music !== null && !track)
  const got = new Map(speech.filter((e): e is [string, AudioBuffer] => e[1] !== null))
  if (got.size === 0 && !track) return { sound: null, failed }

  const ctx = soundContext()
  if (!(await resumed(ctx))) return { sound: null, failed: true }
  const plan = soundPlan(slides, from, mode, {
    speechSeconds: Object.fromEntries([...got].map(([key, b]) => [key, b.duration])),
    music: track && music ? { seconds: track.duration, volume: music.volume, level } : null,
  })
  const t0 = ctx.currentTime + START_LEAD_SECONDS
  const nodes: AudioScheduledSourceNode[] = []
  const gains: AudioNode[] = []
  for (const cue of plan.voices) {
    const source = new AudioBufferSourceNode(ctx, { buffer: got.get(cue.speech)! })
    source.connect(ctx.destination)
    source.start(t0 + cue.at, cue.offset, cue.duration)
    nodes.push(source)
  }
  if (plan.music && track) {
    const [start, ...points] = plan.music.gain
    const gain = new GainNode(ctx, { gain: start!.gain })
    gain.gain.setValueAtTime(start!.gain, t0)
    for (const p of points) gain.gain.linearRampToValueAtTime(p.gain, t0 + p.time)
    const source = new AudioBufferSourceNode(ctx, { buffer: track, loop: true })
    source.connect(gain).connect(ctx.destination)
    source.start(t0, plan.music.offset)
    source.stop(t0 + plan.music.duration)
    nodes.push(source)
    gains.push(gain)
  }
  return {
    failed,
    sound: {
      elapsedAt: (now) => Math.max(0, heardContextTime(ctx, now) - t0),
      stop() {
        for (const node of nodes) {
          node.stop()
          node.disconnect()
        }
        for (const node of gains) node.disconnect()
      },
    },
  }
}
