import type { FastifyRequest } from 'fastify'

/**
 * The origin the browser uses for the app, for the URLs Stripe sends the user back to:
 * PUBLIC_URL when set (production), else the page's Origin (the Vite dev server in
 * development), else this server's own address.
 */
export function appOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin
  const origin = req.headers.origin
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin
  return `${req.protocol}://${req.host}`
}
