import { describe, expect, it } from 'vitest'
import { AppError } from './app-error'
import { asBodyError } from './body-error'

const coded = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('asBodyError', () => {
  it("makes the parser's errors and a body cut off by its client a 400", () => {
    for (const err of [
      new Error('Unexpected end of multipart data'),
      new Error('Multipart: Boundary not found'),
      coded('aborted', 'ECONNRESET'),
      coded('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'),
    ]) {
      expect(asBodyError(err)).toMatchObject({ statusCode: 400, cause: err })
    }
  })

  it('keeps our answers, the multipart limits and our own failures as they are', () => {
    for (const err of [
      new AppError('msg_request_too_large'),
      coded('request file too large', 'FST_REQ_FILE_TOO_LARGE'),
      coded('no space left on device', 'ENOSPC'),
      'not an error',
    ]) {
      expect(asBodyError(err)).toBe(err)
    }
  })
})
