import { z } from 'zod'
import { NARRATION_TARGET_LUFS } from './narration'

/**
 * The built-in music (issue 34): pieces made by us, free for anyone's videos without
 * attribution. Each has a mood the composer matches to the user's suggestion.
 */
export const MUSIC_TRACKS = [
  { id: 'still-water', title: 'Still water', mood: 'calm' },
  { id: 'bright-day', title: 'Bright day', mood: 'upbeat' },
  { id: 'warm-hearts', title: 'Warm hearts', mood: 'tender' },
  { id: 'high-ground', title: 'High ground', mood: 'epic' },
  { id: 'little-steps', title: 'Little steps', mood: 'playful' },
] as const
export type MusicTrack = (typeof MUSIC_TRACKS)[number]

export const MusicTrackIdSchema = z.enum(
  MUSIC_TRACKS.map((t) => t.id) as [MusicTrack['id'], ...MusicTrack['id'][]],
)
export type MusicTrackId = z.infer<typeof MusicTrackIdSchema>

export const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'wav', 'ogg'] as const

/** An audio file in the user's library, by its stored name (a random id and its extension). */
export const AudioNameSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,64}\\.(${AUDIO_EXTENSIONS.join('|')})$`, 'i'))

/** How loud the music is by default: half its level (-6 dB). */
export const DEFAULT_MUSIC_VOLUME = 0.5

/**
 * The movie's music bed: a built-in track or the user's own audio file, and its gain (1: the
 * bed's full level, MUSIC_MIX.bedDb under the narration's loudness; 0: silent). Absent or null
 * in movieParams: no music (Off).
 */
export const MusicSchema = z.object({
  track: z.union([MusicTrackIdSchema, AudioNameSchema]),
  volume: z.number().min(0).max(1).default(DEFAULT_MUSIC_VOLUME),
})
export type Music = z.infer<typeof MusicSchema>

export function isBuiltInTrack(track: string): track is MusicTrackId {
  return MusicTrackIdSchema.safeParse(track).success
}

/** How the music is mixed: the same numbers in the editor's preview and in the render. */
export const MUSIC_MIX = {
  /**
   * The bed's level at volume 1 against the track's levelled loudness (the narration's, -16
   * LUFS): a bed under a voice, not a song; a video with no speech plays the track at its own
   * level. Tuned with bench/music with duckDb, so that the
   * offline recogniser's word error rate over the music stays within 0.1 of the voice alone.
   */
  bedDb: -10,
  fadeInSeconds: 1.5,
  fadeOutSeconds: 2.5,
  /**
   * How far the music drops while the voice speaks, dB: at the default volume the bed then plays
   * 56 dB under the voice, where a listener hears nothing of it and nor does the recogniser.
   * At 24 dB (40 under the voice) the recogniser lost up to 0.15 of its words to the bed, and as
   * many to steady pink noise at the same level (bench/music's control): it is thrown by any
   * sound 40 dB down, not by the music. The release sounds the same either way, its ramp being
   * linear in gain.
   */
  duckDb: 40,
  /** The drop starts this long before a word, so the first syllable is clear. */
  duckAttackSeconds: 0.15,
  /** And comes back over this long after the last one. */
  duckReleaseSeconds: 0.5,
} as const

/** A stretch of the video where the voice speaks, seconds. */
export interface SpeechSpan {
  start: number
  end: number
}

/** The music's gain at a time; the envelope is linear between its points. */
export interface GainPoint {
  time: number
  gain: number
}

/**
 * The music's gain over the video: `volume` at the bed's level (MUSIC_MIX.bedDb) when the video
 * speaks at all, faded in at the start and out at the end, and ducked by MUSIC_MIX.duckDb under each span of speech. The preview schedules these points on
 * a Web Audio gain and the render applies the same ones, so both sound alike.
 */
export function musicEnvelope(opts: {
  total: number
  volume: number
  speech: readonly SpeechSpan[]
}): GainPoint[] {
  const { total } = opts
  const volume = opts.volume * (opts.speech.length > 0 ? 10 ** (MUSIC_MIX.bedDb / 20) : 1)
  const ducked = 10 ** (-MUSIC_MIX.duckDb / 20)
  const fadeIn = Math.min(MUSIC_MIX.fadeInSeconds, total / 2)
  const fadeOut = Math.min(MUSIC_MIX.fadeOutSeconds, total / 2)
  const spans = mergedSpans(opts.speech, total)
  const duckAt = (t: number) => {
    let gain = 1
    for (const s of spans) {
      const down = s.start - MUSIC_MIX.duckAttackSeconds
      const up = s.end + MUSIC_MIX.duckReleaseSeconds
      if (t <= down || t >= up) continue
      const g =
        t < s.start
          ? 1 - ((t - down) / MUSIC_MIX.duckAttackSeconds) * (1 - ducked)
          : t <= s.end
            ? ducked
            : ducked + ((t - s.end) / MUSIC_MIX.duckReleaseSeconds) * (1 - ducked)
      gain = Math.min(gain, g)
    }
    return gain
  }
  const fadeAt = (t: number) =>
    Math.min(1, fadeIn > 0 ? t / fadeIn : 1, fadeOut > 0 ? (total - t) / fadeOut : 1)
  const times = new Set<number>([0, fadeIn, total - fadeOut, total])
  for (const s of spans) {
    for (const t of [
      s.start - MUSIC_MIX.duckAttackSeconds,
      s.start,
      s.end,
      s.end + MUSIC_MIX.duckReleaseSeconds,
    ]) {
      times.add(t)
    }
  }
  return [...times]
    .filter((t) => t >= 0 && t <= total)
    .sort((a, b) => a - b)
    .map((time) => ({ time, gain: volume * Math.max(0, fadeAt(time)) * duckAt(time) }))
}

/** The spans inside the video, sorted, with those that overlap or touch joined. */
function mergedSpans(speech: readonly SpeechSpan[], total: number): SpeechSpan[] {
  const sorted = speech
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(total, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start)
  const merged: SpeechSpan[] = []
  for (const s of sorted) {
    const last = merged.at(-1)
    const gap = MUSIC_MIX.duckAttackSeconds + MUSIC_MIX.duckReleaseSeconds
    if (last && s.start - last.end <= gap) last.end = Math.max(last.end, s.end)
    else merged.push({ ...s })
  }
  return merged
}

/**
 * The gain (a factor) that brings a music file of this integrated loudness (LUFS) to the
 * narration's, as the render levels it before the envelope; 1 when the loudness is unknown.
 * The built-in tracks are made at NARRATION_TARGET_LUFS.
 */
export function musicLevel(loudness: number | null): number {
  return loudness === null ? 1 : 10 ** ((NARRATION_TARGET_LUFS - loudness) / 20)
}
