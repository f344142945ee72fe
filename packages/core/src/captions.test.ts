import { describe, expect, it } from 'vitest'
import { captionsReplaceText } from './captions'

describe('captionsReplaceText', () => {
  const narration = 'A calm autumn walk by the lake, ending at night under the stars.'

  it('takes a title or caption cut from the narration as the same words', () => {
    expect(captionsReplaceText(narration, narration)).toBe(true)
    expect(captionsReplaceText('A calm autumn walk by the lake', narration)).toBe(true)
    expect(captionsReplaceText('a CALM autumn walk, by the lake!', narration)).toBe(true)
    // The composer's cut: "…" after the last word that fitted, or inside one long word.
    expect(captionsReplaceText('A calm autumn walk by the…', narration)).toBe(true)
    expect(captionsReplaceText('A calm autumn wa…', narration)).toBe(true)
  })

  it('keeps a text that says something else, or too little to be a repetition', () => {
    expect(captionsReplaceText('Autumn by the lake', narration)).toBe(false)
    expect(captionsReplaceText('A calm', narration)).toBe(false)
    expect(captionsReplaceText('A calm autumn wa', narration)).toBe(false)
    expect(captionsReplaceText(`${narration} Again.`, narration)).toBe(false)
    expect(captionsReplaceText('…', narration)).toBe(false)
    expect(captionsReplaceText('Hello there', undefined)).toBe(false)
  })

  it('takes a short narration said whole', () => {
    expect(captionsReplaceText('Hello!', 'Hello.')).toBe(true)
    expect(captionsReplaceText('Hi there', 'Hi there.')).toBe(true)
  })
})
