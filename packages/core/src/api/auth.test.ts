import { describe, expect, it } from 'vitest'
import {
  GOOGLE_SIGN_IN,
  LoginBodySchema,
  RegisterBodySchema,
  RegisterQuerySchema,
  TokenCreateBodySchema,
} from './auth'

describe('TokenCreateBodySchema', () => {
  it('trims and lowercases the e-mail', () => {
    expect(TokenCreateBodySchema.parse({ email: '  Ada@Example.COM ', type: 'login' })).toEqual({
      email: 'ada@example.com',
      type: 'login',
    })
  })

  it('takes type login or register only', () => {
    expect(TokenCreateBodySchema.safeParse({ email: 'a@b.co', type: 'register' }).success).toBe(
      true,
    )
    expect(TokenCreateBodySchema.safeParse({ email: 'a@b.co', type: 'reset' }).success).toBe(false)
    expect(TokenCreateBodySchema.safeParse({ email: 'a@b.co' }).success).toBe(false)
  })

  it('rejects a bad e-mail', () => {
    for (const email of ['', '   ', 'not-an-email', 'a@', '@b.co', 'a b@c.co']) {
      expect(TokenCreateBodySchema.safeParse({ email, type: 'login' }).success, email).toBe(false)
    }
  })
})

describe('RegisterBodySchema', () => {
  const body = { name: 'Ada', surname: 'Lovelace', email: 'ada@example.com', token: '123456' }

  it('accepts a full body', () => {
    expect(RegisterBodySchema.parse(body)).toEqual(body)
  })

  it('needs a non-empty name and surname', () => {
    expect(RegisterBodySchema.safeParse({ ...body, name: '' }).success).toBe(false)
    expect(RegisterBodySchema.safeParse({ ...body, name: '   ' }).success).toBe(false)
    expect(RegisterBodySchema.safeParse({ ...body, surname: '' }).success).toBe(false)
    expect(RegisterBodySchema.safeParse({ ...body, surname: ' ' }).success).toBe(false)
  })

  it('needs a 6-digit token', () => {
    for (const token of ['12345', '1234567', '12a456', '', 'abcdef']) {
      expect(RegisterBodySchema.safeParse({ ...body, token }).success, token).toBe(false)
    }
  })

  it('takes an optional paid plan in the query', () => {
    expect(RegisterQuerySchema.parse({})).toEqual({})
    expect(RegisterQuerySchema.parse({ plan: 'STARTER' })).toEqual({ plan: 'STARTER' })
    expect(RegisterQuerySchema.parse({ plan: 'PRO' })).toEqual({ plan: 'PRO' })
    expect(RegisterQuerySchema.safeParse({ plan: 'FREE' }).success).toBe(false)
    expect(RegisterQuerySchema.safeParse({ plan: 'GOLD' }).success).toBe(false)
  })
})

describe('LoginBodySchema', () => {
  it('takes exactly 6 digits', () => {
    expect(LoginBodySchema.safeParse({ email: 'a@b.co', token: '000000' }).success).toBe(true)
    for (const token of ['12345', '1234567', '12a456']) {
      expect(LoginBodySchema.safeParse({ email: 'a@b.co', token }).success, token).toBe(false)
    }
  })

  it('normalises the e-mail like token creation does', () => {
    expect(LoginBodySchema.parse({ email: ' A@B.CO', token: '123456' }).email).toBe('a@b.co')
  })
})

describe('GOOGLE_SIGN_IN.query', () => {
  it('keeps a paid plan and drops anything else, so the navigation never fails', () => {
    expect(GOOGLE_SIGN_IN.query.parse({ plan: 'PRO' })).toEqual({ plan: 'PRO' })
    expect(GOOGLE_SIGN_IN.query.parse({ plan: 'STARTER' })).toEqual({ plan: 'STARTER' })
    for (const plan of ['FREE', 'GOLD', '', ['PRO', 'PRO'], undefined]) {
      expect(GOOGLE_SIGN_IN.query.parse({ plan }), String(plan)).toEqual({ plan: undefined })
    }
  })
})
