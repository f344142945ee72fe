import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_PREFIX } from '@storyreel/core'

/** Vite names every built asset under assets/ by a hash of its content. */
const HASHED = `${path.sep}assets${path.sep}`

/**
 * Serves the built web app: the Brotli or gzip copy the build wrote beside each file (no
 * compression per request), hashed assets cached for a year, and index.html revalidated on every
 * visit so a release shows at once.
 */
export async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, file) {
      res.header(
        'Cache-Control',
        file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
}

/** A page of the app rather than an API call: the app routes in the browser. */
export const isPageRequest = (req: FastifyRequest) =>
  req.method === 'GET' && !req.url.startsWith(`${API_PREFIX}/`)

/** Every page URL gets index.html, revalidated like the file itself. */
export const sendPage = (res: FastifyReply) =>
  res.header('Cache-Control', 'no-cache').sendFile('index.html')
