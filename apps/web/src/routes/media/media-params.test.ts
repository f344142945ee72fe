import { describe, expect, it } from 'vitest'
import { parseMediaParams, stockProviderOf, withParams } from './media-params'

const parse = (search: string, ratio: Parameters<typeof parseMediaParams>[1] = null) =>
  parseMediaParams(new URLSearchParams(search), ratio)

describe('parseMediaParams', () => {
  it('shows the uploads by default, with the default query size', () => {
    expect(parse('')).toEqual({
      tab: 'LOCAL',
      invalidProvider: false,
      query: '',
      width: 1920,
      height: 1090,
      source: null,
    })
  })

  it('reads each of the five tabs, in any case', () => {
    for (const tab of ['LOCAL', 'UNSPLASH', 'PEXELS', 'PIXABAY', 'VIDEO']) {
      expect(parse(`provider=${tab}`).tab).toBe(tab)
      expect(parse(`provider=${tab.toLowerCase()}`).tab).toBe(tab)
    }
  })

  it('flags an unknown provider and falls back to the uploads', () => {
    expect(parse('provider=FLICKR')).toMatchObject({ tab: 'LOCAL', invalidProvider: true })
    expect(parse('provider=')).toMatchObject({ tab: 'LOCAL', invalidProvider: false })
  })

  it('takes the frame from the chosen ratio (SPEC section 9)', () => {
    expect(parse('', '16:9')).toMatchObject({ width: 1920, height: 1080 })
    expect(parse('', '1:1')).toMatchObject({ width: 1080, height: 1080 })
    expect(parse('', '4:5')).toMatchObject({ width: 864, height: 1080 })
    expect(parse('', '9:16')).toMatchObject({ width: 1080, height: 1920 })
  })

  it('prefers w and h from the URL when both are sizes a movie can have', () => {
    expect(parse('w=720&h=1280', '16:9')).toMatchObject({ width: 720, height: 1280 })
    expect(parse('w=720', '1:1')).toMatchObject({ width: 1080, height: 1080 })
    expect(parse('w=0&h=100')).toMatchObject({ width: 1920, height: 1090 })
    expect(parse('w=9999&h=100')).toMatchObject({ width: 1920, height: 1090 })
    expect(parse('w=1e3&h=100')).toMatchObject({ width: 1920, height: 1090 })
  })

  it('trims the query and knows the editor as a source', () => {
    expect(parse('query=%20sea%20&source=customize')).toMatchObject({
      query: 'sea',
      source: 'customize',
    })
    expect(parse('source=elsewhere').source).toBeNull()
  })
})

describe('stockProviderOf', () => {
  it('is the lowercase path segment of a stock tab, null for uploads', () => {
    expect(stockProviderOf('UNSPLASH')).toBe('unsplash')
    expect(stockProviderOf('VIDEO')).toBe('video')
    expect(stockProviderOf('LOCAL')).toBeNull()
  })
})

describe('withParams', () => {
  it('changes some params and keeps the others', () => {
    const params = new URLSearchParams('provider=UNSPLASH&query=sea&w=1080&h=1920&source=customize')
    expect(withParams(params, { provider: 'PEXELS' }).toString()).toBe(
      'provider=PEXELS&query=sea&w=1080&h=1920&source=customize',
    )
    expect(withParams(params, { query: '' }).has('query')).toBe(false)
    expect(params.get('provider')).toBe('UNSPLASH')
  })
})
