import { describe, expect, it } from 'vitest'
import {
  TITLE_MAX_CHARS,
  captionOf,
  contentWords,
  sayable,
  storyPieces,
  storySentences,
  storyTopic,
  titleOf,
} from './suggestion'

const sentences = storySentences

describe('storySentences', () => {
  it('splits at sentence ends and line breaks, each ending in punctuation', () => {
    expect(sentences('One. Two!\nThree')).toEqual(['One.', 'Two!', 'Three.'])
    expect(sentences('   ')).toEqual([])
  })

  it('drops what says nothing: punctuation alone, emoji alone', () => {
    expect(sentences('!!! ... ?')).toEqual([])
    expect(sentences('🎉🎂🥳')).toEqual([])
  })

  it('reads a run of emoji before a capital as the end of a sentence', () => {
    expect(sentences('Our anniversary ❤️ Just the two of us')).toEqual([
      'Our anniversary.',
      'Just the two of us.',
    ])
    expect(sentences('Surf trip! 🏄🔥 Big waves.')).toEqual(['Surf trip!', 'Big waves.'])
    expect(sentences('I ❤️ Paris')).toEqual(['I Paris.'])
  })

  it('leaves out the request to the app and style-only sentences', () => {
    expect(sentences("Make a nostalgic video of our summers at grandma's house.")).toEqual([
      "Our summers at grandma's house.",
    ])
    expect(sentences('Create a short video for Mia’s birthday. Make it upbeat!')).toEqual([
      'For Mia’s birthday.',
    ])
    expect(sentences('Nostalgic vibe. The old farm.')).toEqual(['The old farm.'])
    // Mood words alone are still the story.
    expect(sentences('And a party! Celebration!')).toEqual(['And a party!', 'Celebration!'])
    // A story that merely starts with the word stays whole.
    expect(sentences('Make way for the parade!')).toEqual(['Make way for the parade!'])
  })
})

describe('sayable', () => {
  it('removes emoji, flags, invisible and control characters', () => {
    expect(sayable('Lisbon 🇵🇹 in\u202e June 👍🏽\u0007 ok')).toBe('Lisbon in June ok')
    expect(sayable('a\u0000b')).toBe('a b')
  })
})

describe('titleOf', () => {
  it('drops the full stop, and shortens a long sentence to its first clause or words', () => {
    expect(titleOf('Summer in Lisbon.')).toBe('Summer in Lisbon')
    expect(titleOf('Happy birthday Mia!')).toBe('Happy birthday Mia!')
    expect(
      titleOf('A week in the mountains, with long walks and longer dinners every single night.'),
    ).toBe('A week in the mountains')
    const long = titleOf('word '.repeat(30))
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX_CHARS)
    expect(long.endsWith('…')).toBe(true)
    expect(titleOf('x'.repeat(100)).length).toBe(TITLE_MAX_CHARS)
  })
})

describe('captionOf', () => {
  it('keeps a caption whole when it fits, and cuts a long one at a word', () => {
    expect(captionOf('Trams, tiles and sunsets!')).toBe('Trams, tiles and sunsets!')
    const long = captionOf('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(70)
    expect(long.endsWith('word…')).toBe(true)
  })
})

describe('storyPieces', () => {
  it('spreads the clauses from the first slide to the last, lists kept whole', () => {
    expect(
      storyPieces('A calm autumn walk by the lake, ending at night under the stars', 5),
    ).toEqual([
      'A calm autumn walk by the lake.',
      null,
      null,
      null,
      'Ending at night under the stars.',
    ])
    expect(storyPieces('Summer in Lisbon. Trams, tiles and sunsets!', 2)).toEqual([
      'Summer in Lisbon.',
      'Trams, tiles and sunsets!',
    ])
    expect(storyPieces('One. Two. Three.', 2)).toEqual(['One.', 'Two.'])
    expect(storyPieces('', 3)).toEqual([null, null, null])
  })

  it('puts a piece on the slide showing what it names, in order', () => {
    const shows = [['cup', 'coffee'], ['motorcycle', 'bike'], [], ['kite'], ['boat']]
    expect(
      storyPieces('Our day out. Coffee first, then the bike, and a kite by the water.', 5, shows),
    ).toEqual([
      'Our day out.',
      'Coffee first, then the bike.',
      null,
      'And a kite by the water.',
      null,
    ])
    // Never out of order: a piece naming an earlier slide than the one before it stays after it.
    expect(
      storyPieces('Hello there friends. The big kite. A bike again.', 4, [
        [],
        ['bike'],
        ['kite'],
        [],
      ]),
    ).toEqual(['Hello there friends.', null, 'The big kite.', 'A bike again.'])
  })
})

describe('storyTopic and contentWords', () => {
  it('finds what the story is about', () => {
    expect(storyTopic('A calm autumn walk by the lake, ending at night')).toBe(
      'our calm autumn walk',
    )
    expect(storyTopic("Mia's birthday party!")).toBe("Mia's birthday party")
    expect(storyTopic('Make a video of our surf trip')).toBe('our surf trip')
    expect(storyTopic('')).toBeNull()
    expect(contentWords('A calm walk by the lake, ending at night')).toEqual([
      'calm',
      'walk',
      'lake',
      'night',
    ])
  })
})
