import { hkdfSync } from 'node:crypto'
import { EncryptJWT, jwtDecrypt } from 'jose'
import type { z } from 'zod'

const ALG = 'dir'
const ENC = 'A256GCM'

/**
 * A cookie value only this server can read or make: the value as an encrypted JWT (AES-256-GCM)
 * under a key derived from the server secret for this one purpose, expiring after `ttlSeconds`.
 * `open` answers null for anything forged, altered, expired or sealed for another purpose.
 */
export function cookieSeal<S extends z.ZodObject>(opts: {
  secret: string
  purpose: string
  schema: S
  ttlSeconds: number
}) {
  const key = new Uint8Array(hkdfSync('sha256', opts.secret, '', `storyreel ${opts.purpose}`, 32))
  return {
    seal(value: z.input<S>): Promise<string> {
      return new EncryptJWT({ ...value })
        .setProtectedHeader({ alg: ALG, enc: ENC })
        .setIssuedAt()
        .setExpirationTime(`${opts.ttlSeconds}s`)
        .encrypt(key)
    },
    async open(sealed: string | undefined): Promise<z.output<S> | null> {
      if (!sealed) return null
      try {
        const { payload } = await jwtDecrypt(sealed, key, {
          keyManagementAlgorithms: [ALG],
          contentEncryptionAlgorithms: [ENC],
        })
        const parsed = opts.schema.safeParse(payload)
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
  }
}
