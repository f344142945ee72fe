import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../env'
import { openGoogleSignIn } from './google-sign-in'

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/storyreel-env-test' }
const client = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }

describe('Google sign-in settings', () => {
  it('is off without credentials, on with both', () => {
    expect(openGoogleSignIn(parseEnv(base))).toBeNull()
    const env = parseEnv({ ...base, ...client, PUBLIC_URL: 'https://storyreel.example' })
    expect(env.GOOGLE_ISSUER).toBe('https://accounts.google.com')
    expect(openGoogleSignIn(env)).not.toBeNull()
  })

  it('refuses half a client', () => {
    expect(() => parseEnv({ ...base, GOOGLE_CLIENT_ID: 'id' })).toThrow(/go together/)
    expect(() => parseEnv({ ...base, GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/go together/)
  })

  it('refuses to start without PUBLIC_URL, where Google sends the browser back to', () => {
    expect(() => parseEnv({ ...base, ...client })).toThrow(/GOOGLE_CLIENT_ID needs PUBLIC_URL/)
  })

  it('talks plain http to a provider on this machine only', () => {
    for (const issuer of ['http://127.0.0.1:8080', 'http://localhost:9000', 'http://[::1]:80']) {
      expect(parseEnv({ ...base, GOOGLE_ISSUER: issuer }).GOOGLE_ISSUER).toBe(issuer)
    }
    for (const issuer of ['http://accounts.google.com', 'http://10.0.0.5', 'ftp://127.0.0.1']) {
      expect(() => parseEnv({ ...base, GOOGLE_ISSUER: issuer }), issuer).toThrow(/GOOGLE_ISSUER/)
    }
  })
})
