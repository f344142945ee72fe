import { describe, expect, it } from 'vitest'
import { CompositionSchema } from './composition'
import { MUSIC_MIX, MusicSchema, musicEnvelope } from './music'

const gainAt = (points: { time: number; gain: number }[], t: number) => {
  const after = points.findIndex((p) => p.time >= t)
  if (after <= 0) return points[Math.max(after, 0)]!.gain
  const a = points[after - 1]!
  const b = points[after]!
  return a.gain + ((t - a.time) / (b.time - a.time)) * (b.gain - a.gain)
}

describe('music', () => {
  it('accepts a built-in track or an uploaded audio file, and nothing else', () => {
    expect(MusicSchema.parse({ track: 'still-water' })).toEqual({
      track: 'still-water',
      volume: 0.5,
    })
    expect(MusicSchema.safeParse({ track: 'abc_12.mp3', volume: 1 }).success).toBe(true)
    expect(MusicSchema.safeParse({ track: '../etc/passwd' }).success).toBe(false)
    expect(MusicSchema.safeParse({ track: 'photo.jpg' }).success).toBe(false)
    expect(MusicSchema.safeParse({ track: 'still-water', volume: 2 }).success).toBe(false)
  })

  it('is optional in a composition, so one made before reads as silent', () => {
    const slide = { id: 'a1', filename: 'a1.png', duration: 3, effects: [] }
    const old = { movieParams: { width: 1080, height: 1920 }, composition: [slide] }
    expect(CompositionSchema.parse(old).movieParams.music).toBeUndefined()
    const withMusic = {
      ...old,
      movieParams: { ...old.movieParams, music: { track: 'bright-day' } },
    }
    expect(CompositionSchema.parse(withMusic).movieParams.music?.track).toBe('bright-day')
  })

  it('plays the volume at the bed level, fades in and out, and ducks under speech', () => {
    const points = musicEnvelope({ total: 20, volume: 0.5, speech: [{ start: 5, end: 8 }] })
    const bed = 0.5 * 10 ** (MUSIC_MIX.bedDb / 20)
    expect(gainAt(points, 0)).toBe(0)
    expect(gainAt(points, 20)).toBe(0)
    expect(gainAt(points, 3)).toBeCloseTo(bed)
    expect(gainAt(points, 6.5)).toBeCloseTo(bed * 10 ** (-MUSIC_MIX.duckDb / 20))
    expect(gainAt(points, 5 - MUSIC_MIX.duckAttackSeconds)).toBeCloseTo(bed)
    expect(gainAt(points, 8 + MUSIC_MIX.duckReleaseSeconds)).toBeCloseTo(bed)
    expect(points.map((p) => p.time)).toEqual([...points.map((p) => p.time)].sort((a, b) => a - b))
  })

  it('plays the track at its own level, the volume only, in a video that says nothing', () => {
    const points = musicEnvelope({ total: 20, volume: 0.5, speech: [] })
    expect(gainAt(points, 10)).toBeCloseTo(0.5)
  })

  it('stays down between sentences that nearly touch', () => {
    const speech = [
      { start: 2, end: 4 },
      { start: 4.3, end: 6 },
    ]
    const points = musicEnvelope({ total: 10, volume: 1, speech })
    expect(gainAt(points, 4.15)).toBeCloseTo(10 ** ((MUSIC_MIX.bedDb - MUSIC_MIX.duckDb) / 20))
  })
})
