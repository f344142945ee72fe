import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { cookieSeal } from './sealed-cookie'

const schema = z.object({ state: z.string(), plan: z.enum(['PRO']).optional() })
const secret = 'a'.repeat(64)
const seal = (overrides: Partial<Parameters<typeof cookieSeal>[0]> = {}) =>
  cookieSeal({ secret, purpose: 'test', schema, ttlSeconds: 600, ...overrides })

afterEach(() => {
  vi.useRealTimers()
})

describe('cookieSeal', () => {
  it('opens what it sealed, and nothing of it reads in the clear', async () => {
    const sealed = await seal().seal({ state: 'state-123', plan: 'PRO' })
    expect(sealed).not.toContain('state-123')
    expect(Buffer.from(sealed.split('.').join(''), 'base64url').toString('latin1')).not.toContain(
      'state-123',
    )
    expect(await seal().open(sealed)).toEqual({ state: 'state-123', plan: 'PRO' })
  })

  it('refuses what another secret or purpose sealed, and what was changed', async () => {
    const sealed = await seal().seal({ state: 's' })
    expect(await seal({ secret: 'b'.repeat(64) }).open(sealed)).toBeNull()
    expect(await seal({ purpose: 'other' }).open(sealed)).toBeNull()
    const parts = sealed.split('.')
    parts[3] = (parts[3]!.startsWith('A') ? 'B' : 'A') + parts[3]!.slice(1)
    expect(await seal().open(parts.join('.'))).toBeNull()
    expect(await seal().open('not-a-token')).toBeNull()
    expect(await seal().open(undefined)).toBeNull()
  })

  it('refuses a value that no longer fits the schema', async () => {
    const loose = cookieSeal({ secret, purpose: 'test', schema: z.object({}), ttlSeconds: 600 })
    expect(await seal().open(await loose.seal({}))).toBeNull()
  })

  it('expires after its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    const sealed = await seal({ ttlSeconds: 600 }).seal({ state: 's' })
    vi.setSystemTime(new Date('2026-01-01T00:09:59Z'))
    expect(await seal().open(sealed)).toEqual({ state: 's' })
    vi.setSystemTime(new Date('2026-01-01T00:10:01Z'))
    expect(await seal().open(sealed)).toBeNull()
  })
})
