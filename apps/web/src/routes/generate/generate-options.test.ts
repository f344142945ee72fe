import { UI_TEXT } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_OPTIONS,
  canChooseCount,
  optionsError,
  requestBody,
  withModel,
} from './generate-options'

describe('generate options', () => {
  it('start at the spec’s defaults', () => {
    expect(DEFAULT_OPTIONS).toEqual({
      prompt: '',
      model: 'dall-e-3',
      size: '1024x1024',
      quality: 'standard',
      style: 'vivid',
      n: 1,
    })
  })

  it('let only DALL·E 2 make more than one image', () => {
    expect(canChooseCount('dall-e-2')).toBe(true)
    expect(canChooseCount('dall-e-3')).toBe(false)
    const four = { ...withModel(DEFAULT_OPTIONS, 'dall-e-2'), n: 4 as const }
    expect(withModel(four, 'dall-e-3').n).toBe(1)
    expect(withModel(four, 'dall-e-2').n).toBe(4)
  })

  it('need a prompt that is more than spaces', () => {
    expect(optionsError({ ...DEFAULT_OPTIONS, prompt: '   ' })).not.toBeNull()
    expect(optionsError({ ...DEFAULT_OPTIONS, prompt: 'a fox' })).toBeNull()
    expect(optionsError({ ...DEFAULT_OPTIONS, prompt: 'a fox', n: 2 })).toBe(
      UI_TEXT.moreImagesNeedDalle2,
    )
  })

  it('send the trimmed prompt and every choice but the style', () => {
    expect(requestBody({ ...DEFAULT_OPTIONS, prompt: ' a fox ', style: 'natural' })).toEqual({
      prompt: 'a fox',
      model: 'dall-e-3',
      size: '1024x1024',
      quality: 'standard',
      n: 1,
    })
  })
})
