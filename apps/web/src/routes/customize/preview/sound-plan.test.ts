import { MUSIC_MIX, musicEnvelope, musicLevel, NARRATION_TARGET_LUFS } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { gainAt, soundPlan, speechSpans, type SoundSlide } from './sound-plan'

// Three slides: 4 s narrated (3 s of speech), 5 s silent, 6 s narrated (8 s of speech, cut).
const SLIDES: SoundSlide[] = [
  { duration: 4, speech: 'a' },
  { duration: 5, speech: null },
  { duration: 6, speech: 'c' },
]
const SPEECH = { a: 3, c: 8 }

describe('speechSpans', () => {
  it('starts each narration at its slide and cuts it at the slide’s end', () => {
    expect(speechSpans(SLIDES, SPEECH)).toEqual([
      { slideIndex: 0, speech: 'a', start: 0, end: 3 },
      { slideIndex: 2, speech: 'c', start: 9, end: 15 },
    ])
  })

  it('leaves out a narration whose audio is missing', () => {
    expect(speechSpans(SLIDES, { c: 2 })).toEqual([
      { slideIndex: 2, speech: 'c', start: 9, end: 11 },
    ])
  })
})

describe('soundPlan', () => {
  it('plays the whole video from its start: each voice at its slide', () => {
    const plan = soundPlan(SLIDES, { slideIndex: 0, t: 0 }, 'video', {
      speechSeconds: SPEECH,
      music: null,
    })
    expect(plan).toEqual({
      start: 0,
      length: 15,
      music: null,
      voices: [
        { slideIndex: 0, speech: 'a', at: 0, offset: 0, duration: 3 },
        { slideIndex: 2, speech: 'c', at: 9, offset: 0, duration: 6 },
      ],
    })
  })

  it('starts a voice at the scrubbed offset into it', () => {
    const plan = soundPlan(SLIDES, { slideIndex: 0, t: 1.25 }, 'video', {
      speechSeconds: SPEECH,
      music: null,
    })
    expect(plan.start).toBe(1.25)
    expect(plan.voices[0]).toEqual({
      slideIndex: 0,
      speech: 'a',
      at: 0,
      offset: 1.25,
      duration: 1.75,
    })
    expect(plan.voices[1]).toMatchObject({ at: 7.75, offset: 0 })
  })

  it('plays nothing of a narration already over', () => {
    const plan = soundPlan(SLIDES, { slideIndex: 0, t: 3.5 }, 'video', {
      speechSeconds: SPEECH,
      music: null,
    })
    expect(plan.voices.map((v) => v.slideIndex)).toEqual([2])
  })

  it('plays one slide alone: its voice only, and stops at its end', () => {
    const plan = soundPlan(SLIDES, { slideIndex: 2, t: 2 }, 'slide', {
      speechSeconds: SPEECH,
      music: null,
    })
    expect(plan).toEqual({
      start: 11,
      length: 4,
      music: null,
      voices: [{ slideIndex: 2, speech: 'c', at: 0, offset: 2, duration: 4 }],
    })
  })

  it('plays no voice on a silent slide played alone', () => {
    const plan = soundPlan(SLIDES, { slideIndex: 1, t: 0 }, 'slide', {
      speechSeconds: SPEECH,
      music: null,
    })
    expect(plan.voices).toEqual([])
  })

  it('loops the music from the video’s time and follows the envelope from there', () => {
    const music = { seconds: 10, volume: 0.5, level: 1 }
    const plan = soundPlan(SLIDES, { slideIndex: 1, t: 2 }, 'video', {
      speechSeconds: SPEECH,
      music,
    })
    const envelope = musicEnvelope({
      total: 15,
      volume: 0.5,
      speech: [
        { start: 0, end: 3 },
        { start: 9, end: 15 },
      ],
    })
    expect(plan.music!.offset).toBe(6)
    expect(plan.music!.duration).toBe(9)
    const gain = plan.music!.gain
    expect(gain[0]).toEqual({ time: 0, gain: gainAt(envelope, 6) })
    expect(gain.at(-1)!.time).toBe(9)
    // Ducked under slide 3's voice, after the attack, by MUSIC_MIX.duckDb under the bed's level.
    const bed = 0.5 * 10 ** (MUSIC_MIX.bedDb / 20)
    const ducked = bed * 10 ** (-MUSIC_MIX.duckDb / 20)
    expect(gainAt(gain, 9 - 6 + 1)).toBeCloseTo(ducked, 6)
    // The bed's level between the voices, faded out to nothing at the end.
    expect(gainAt(gain, 1)).toBeCloseTo(bed, 6)
    expect(gain.at(-1)!.gain).toBe(0)
    // Past the track's end, it loops: a play from 12 s starts 2 s into it.
    const late = soundPlan(SLIDES, { slideIndex: 2, t: 3 }, 'video', { speechSeconds: {}, music })
    expect(late.music!.offset).toBeCloseTo(2, 9)
  })

  it('brings a file to the narration’s loudness, as the render levels it', () => {
    // A song mastered 8 dB louder than the narration plays 8 dB lower, all along its envelope.
    const at = (level: number) =>
      soundPlan(SLIDES, { slideIndex: 0, t: 0 }, 'video', {
        speechSeconds: SPEECH,
        music: { seconds: 10, volume: 1, level },
      }).music!.gain
    const loud = at(musicLevel(-8))
    at(1).forEach((p, i) => expect(loud[i]!.gain).toBeCloseTo(p.gain * 10 ** (-8 / 20), 9))
    expect(musicLevel(NARRATION_TARGET_LUFS)).toBe(1)
    expect(musicLevel(null)).toBe(1)
  })

  it('has no music when there is none, or nothing left to play', () => {
    const atEnd = soundPlan(SLIDES, { slideIndex: 2, t: 6 }, 'video', {
      speechSeconds: SPEECH,
      music: { seconds: 10, volume: 1, level: 1 },
    })
    expect(atEnd.length).toBe(0)
    expect(atEnd.music).toBeNull()
    expect(atEnd.voices).toEqual([])
  })
})

describe('gainAt', () => {
  it('interpolates between points and holds past the ends', () => {
    const points = [
      { time: 0, gain: 0 },
      { time: 2, gain: 1 },
    ]
    expect(gainAt(points, 1)).toBe(0.5)
    expect(gainAt(points, -1)).toBe(0)
    expect(gainAt(points, 3)).toBe(1)
  })
})
