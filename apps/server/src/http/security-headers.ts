import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyReply } from 'fastify'

/**
 * The app's Content-Security-Policy: scripts, styles, fonts and calls only from our own origin;
 * pictures and videos also from blob: (previews of files not uploaded yet) and data:. Outside
 * providers (stock photos, generated images) add their hosts here when they are configured.
 */
export function securityHeaders(opts: {
  https: boolean
  mediaHosts?: string[]
}): FastifyHelmetOptions {
  const media = ["'self'", 'blob:', 'data:', ...(opts.mediaHosts ?? [])]
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix UI and React set element styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: media,
        mediaSrc: media,
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only over HTTPS: a browser that saw it on http://localhost would refuse plain HTTP there.
    strictTransportSecurity: opts.https,
    referrerPolicy: { policy: 'same-origin' },
  }
}

/**
 * Headers for a file a user uploaded or rendered, served from our origin: never sniffed into
 * HTML, and sandboxed should a browser open it as a page anyway.
 */
export function userFileHeaders(res: FastifyReply): void {
  res.header('X-Content-Type-Options', 'nosniff')
  res.header('Content-Security-Policy', "sandbox; default-src 'none'")
}
