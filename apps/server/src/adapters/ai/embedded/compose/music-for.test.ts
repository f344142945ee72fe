import { describe, expect, it } from 'vitest'
import { MUSIC_TRACKS } from '@storyreel/core'
import { musicTrackFor } from './music-for'
import { detectTone } from './tone'

const pick = (suggestion: string, moods: string[] = []) =>
  musicTrackFor(detectTone(suggestion, moods), suggestion)
const moodOf = (suggestion: string, moods: string[] = []) =>
  MUSIC_TRACKS.find((t) => t.id === pick(suggestion, moods))!.mood

describe('musicTrackFor', () => {
  it("picks the track whose mood matches the suggestion's", () => {
    expect(moodOf('A calm autumn walk by the lake, ending at night under the stars')).toBe('calm')
    expect(moodOf('Birthday party with friends')).toBe('upbeat')
    expect(moodOf('Celebrating New Year 🎉')).toBe('upbeat')
    expect(moodOf('Our wedding day, the best day of our lives')).toBe('tender')
    expect(moodOf("Memories of grandma's garden")).toBe('tender')
    expect(moodOf('Hiking adventure in the Alps, the climb to the top')).toBe('epic')
    expect(moodOf("The puppy's first week at home")).toBe('playful')
    expect(moodOf('Kids at the playground 🧸')).toBe('playful')
    expect(moodOf("Our kids' birthday party")).toBe('playful')
  })

  it('keeps a mood the suggestion names over children and pets', () => {
    expect(moodOf('A quiet, peaceful afternoon with the baby')).toBe('calm')
    expect(moodOf('Kids racing down the hill, wild and fast')).toBe('epic')
  })

  it("falls back on the pictures' moods, then on calm, when the words name none", () => {
    expect(moodOf('Lisbon, May 2024', ['festive party crowd'])).toBe('upbeat')
    expect(moodOf('Lisbon, May 2024')).toBe('calm')
    expect(moodOf('')).toBe('calm')
  })
})
