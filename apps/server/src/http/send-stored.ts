import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './app-error'
import { userFileHeaders } from './security-headers'
import type { Storage } from '../adapters/storage/storage'

/** Parses a single `bytes=a-b` range; null when absent or not satisfiable. */
export function parseRange(header: string | undefined, size: number) {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/)
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    // "bytes=-500": the last 500 bytes.
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  return start <= end && start < size ? { start, end } : 'unsatisfiable'
}

/**
 * Streams a stored file with HTTP range support, so players can seek and phones can stream.
 * Private files: the caller has already checked ownership.
 */
export async function sendStored(
  req: FastifyRequest,
  res: FastifyReply,
  storage: Storage,
  key: string,
  contentType: string,
  notFound: ConstructorParameters<typeof AppError>[0],
) {
  const size = await storage.size(key)
  if (size === null) throw new AppError(notFound)
  res.header('Content-Type', contentType)
  userFileHeaders(res)
  res.header('Accept-Ranges', 'bytes')
  res.header('Cache-Control', 'private, max-age=3600')
  const range = parseRange(req.headers.range, size)
  if (range === 'unsatisfiable') {
    res.header('Content-Range', `bytes */${size}`)
    return res.status(416).send()
  }
  if (range) {
    res.status(206)
    res.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    res.header('Content-Length', range.end - range.start + 1)
    return res.send(storage.read(key, range))
  }
  res.header('Content-Length', size)
  return res.send(storage.read(key))
}
