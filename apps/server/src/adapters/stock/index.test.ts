import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../env'
import { AppError } from '../../http/app-error'
import { interleave, openStock, shares } from '.'

describe('the video tab merge', () => {
  it('splits a page between the sources so that each pages evenly', () => {
    expect(shares(21, 2)).toEqual([11, 10])
    expect(shares(20, 2)).toEqual([10, 10])
    expect(shares(21, 1)).toEqual([21])
    expect(shares(1, 2)).toEqual([1, 0])
  })

  it('takes from each source in turn', () => {
    expect(
      interleave([
        [1, 3, 5, 7],
        [2, 4],
      ]),
    ).toEqual([1, 2, 3, 4, 5, 7])
    expect(interleave([[], ['a']])).toEqual(['a'])
  })
})

describe('openStock without keys (the embedded default)', () => {
  it('answers msg_stock_not_configured naming the tab, without calling anyone', async () => {
    const stock = openStock(parseEnv({ NODE_ENV: 'test' }), pino({ level: 'silent' }))
    const q = { query: 'sea', page: 1, perPage: 21, width: 1920, height: 1080 }
    for (const provider of ['unsplash', 'pexels', 'pixabay', 'video'] as const) {
      const err = await stock.search(provider, q).catch((e: unknown) => e)
      expect(err, provider).toBeInstanceOf(AppError)
      expect(err).toMatchObject({
        code: 'msg_stock_not_configured',
        status: 503,
        data: { provider },
      })
    }
  })
})

describe('STOCK_MEDIA_EXTRA_ORIGINS', () => {
  it('keeps origins, and refuses plain http in production', () => {
    const env = parseEnv({
      STOCK_MEDIA_EXTRA_ORIGINS: 'http://127.0.0.1:8080/x, https://mirror.example',
    })
    expect(env.STOCK_MEDIA_EXTRA_ORIGINS).toEqual([
      'http://127.0.0.1:8080',
      'https://mirror.example',
    ])
    expect(() =>
      parseEnv({ NODE_ENV: 'production', STOCK_MEDIA_EXTRA_ORIGINS: 'http://127.0.0.1:8080' }),
    ).toThrow(/must be https in production/)
  })
})
