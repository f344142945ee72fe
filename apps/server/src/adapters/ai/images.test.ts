import { describe, expect, it } from 'vitest'
import { AppError } from '../../http/app-error'
import { decodeImages, imageError, imagesRequestBody } from './images'
import { OpenAiError } from './openai-http'

const request = {
  prompt: 'A lighthouse at dawn',
  model: 'dall-e-3' as const,
  size: '1792x1024' as const,
  quality: 'hd' as const,
  n: 1,
}

describe('imagesRequestBody', () => {
  it('sends DALL·E 3 its size and quality, and no style (SPEC section 7)', () => {
    expect(imagesRequestBody(request)).toEqual({
      model: 'dall-e-3',
      prompt: 'A lighthouse at dawn',
      n: 1,
      size: '1792x1024',
      quality: 'hd',
      response_format: 'b64_json',
    })
  })

  it('asks DALL·E 2 for its 1024 square, without a quality it does not have', () => {
    expect(imagesRequestBody({ ...request, model: 'dall-e-2', n: 3 })).toEqual({
      model: 'dall-e-2',
      prompt: 'A lighthouse at dawn',
      n: 3,
      size: '1024x1024',
      response_format: 'b64_json',
    })
  })
})

describe('decodeImages', () => {
  it('decodes each image, at most as many as asked', () => {
    const answer = { created: 1, data: ['aGk=', 'eW8=', 'eW8='].map((b64_json) => ({ b64_json })) }
    expect(decodeImages(answer, 2).map((b) => b.toString())).toEqual(['hi', 'yo'])
  })

  it('refuses an answer without images', () => {
    expect(() => decodeImages({ data: [] }, 1)).toThrow(OpenAiError)
    expect(() => decodeImages({ data: [{ url: 'https://x/y.png' }] }, 1)).toThrow(OpenAiError)
    expect(() => decodeImages('<html>', 1)).toThrow(OpenAiError)
  })
})

describe('imageError', () => {
  const code = (err: unknown) => {
    const mapped = imageError(err)
    expect(mapped).toBeInstanceOf(AppError)
    return (mapped as AppError).code
  }

  it('maps an exhausted quota to the token limit and a refused prompt to its own code', () => {
    expect(code(new OpenAiError('quota', 429, 'insufficient_quota', 'insufficient_quota'))).toBe(
      'msg_token_limit_exceeded',
    )
    expect(
      code(new OpenAiError('no', 400, 'invalid_request_error', 'content_policy_violation')),
    ).toBe('msg_ai_prompt_refused')
  })

  it('calls every other failure of the service unavailable', () => {
    expect(code(new OpenAiError('down', 500, 'server_error'))).toBe('msg_ai_unavailable')
    expect(code(new OpenAiError('no answer within 1 s', null))).toBe('msg_ai_unavailable')
  })

  it('passes errors that are not the service’s unchanged', () => {
    const abort = new Error('the client closed the request')
    expect(imageError(abort)).toBe(abort)
  })
})
