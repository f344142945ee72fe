/// <reference types="node" />
// This is the one core test that reads a file: it checks MESSAGES and UI_TEXT against SPEC.md.
// eslint-disable-next-line no-restricted-imports -- test-only: reads SPEC.md, never shipped code
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MESSAGES, isMessageCode, messageText } from './messages'
import { UI_TEXT } from './ui-text'

/** /work/shared/SPEC.md beside the repo, or shared/SPEC.md inside a checkout that carries it. */
const SPEC_CANDIDATES = [
  new URL('../../../../shared/SPEC.md', import.meta.url),
  new URL('../../../shared/SPEC.md', import.meta.url),
]

const specUrl = SPEC_CANDIDATES.find((url) => existsSync(url))
const spec = specUrl ? readFileSync(specUrl, 'utf8') : null
const noSpec = spec === null
if (noSpec) {
  console.warn(
    `SPEC.md not found (looked at ${SPEC_CANDIDATES.map((u) => u.pathname).join(', ')}): ` +
      'the checks of MESSAGES and UI_TEXT against the spec are skipped in this checkout.',
  )
}

/** The body of `## N. ...`, up to the next `## ` heading. */
function section(n: number): string {
  const parts = (spec ?? '').split(/^## /m)
  const body = parts.find((p) => p.startsWith(`${n}. `))
  if (!body) throw new Error(`SPEC.md has no section ${n}`)
  return body
}

/** The `- ` lines after a line equal to `title`, up to the first line that is not a list item. */
function listAfter(text: string, title: string): string[] {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => l.trim() === title)
  if (start < 0) throw new Error(`SPEC.md has no list titled '${title}'`)
  const items: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('- ')) break
    items.push(line.slice(2))
  }
  return items
}

function quoted(text: string): string[] {
  return [...text.matchAll(/'([^']+)'/g)].map((m) => m[1] as string)
}

const section8 = noSpec ? '' : section(8)
const serverItems = noSpec ? [] : listAfter(section8, 'Server message codes mapped to text:')
const codeItems = serverItems
  .map((item) => /^(msg_\w+|generic_\w+): (.*)$/.exec(item))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => ({ code: m[1] as string, rest: m[2] as string }))
const otherServerItems = serverItems.filter((item) => !/^(msg_\w+|generic_\w+):/.test(item))
const uiMessages = (noSpec ? [] : listAfter(section8, 'UI messages:')).map((item) => {
  const texts = quoted(item)
  if (texts.length !== 1) throw new Error(`expected one quoted text in SPEC line: ${item}`)
  return texts[0] as string
})
const uiValues = new Set<string>(Object.values(UI_TEXT))

describe.skipIf(noSpec)('SPEC.md parsing', () => {
  it('finds the ten server codes and twenty-five UI messages of section 8', () => {
    expect(codeItems.map((c) => c.code)).toEqual([
      'generic_error_message',
      'msg_token_limit_exceeded',
      'msg_user_not_found',
      'msg_user_already_exists',
      'msg_user_invalid_provider',
      'msg_invalid_token',
      'msg_google_oauth_failed',
      'msg_composition_generation_failed',
      'msg_session_verification_failed',
      'msg_zod_validation_error',
    ])
    expect(uiMessages).toHaveLength(25)
  })
})

describe('MESSAGES against SPEC section 8', () => {
  for (const { code, rest } of codeItems) {
    it(`${code} exists with the spec's text and status`, () => {
      expect(isMessageCode(code)).toBe(true)
      if (!isMessageCode(code)) return
      const entry = MESSAGES[code]
      const [text] = quoted(rest)
      if (text === undefined) {
        // The spec paraphrases this one: the third-party sign-in failed, try again later.
        expect(entry.text.toLowerCase()).toContain('failed')
        expect(entry.text.toLowerCase()).toContain('try again later')
      } else if (/\{[^}]+\}/.test(text)) {
        // A template such as 'Invalid fields: {list of field names}'.
        expect(messageText(code, ['a', 'b'])).toBe(text.replace(/\{[^}]+\}/, 'a, b'))
      } else {
        expect(entry.text).toBe(text)
      }
      const status = /\((\d{3})\)/.exec(rest)?.[1]
      if (status) expect(entry.status).toBe(Number(status))
    })
  }

  it('msg_session_verification_failed is 401 and msg_zod_validation_error 400', () => {
    expect(MESSAGES.msg_session_verification_failed).toEqual({
      text: 'Session verification failed. Please log in again.',
      status: 401,
    })
    expect(MESSAGES.msg_zod_validation_error.status).toBe(400)
  })

  it.skipIf(noSpec)("msg_higher_subscription_required has section 6's text", () => {
    expect(section(6)).toContain(MESSAGES.msg_higher_subscription_required.text)
    expect(MESSAGES.msg_higher_subscription_required.text).toBe(
      'You need a higher subscription to generate more than one image at a time.',
    )
  })

  it.skipIf(noSpec)(
    'the generic texts (no body, no response, set-up failure, auth error) are in UI_TEXT',
    () => {
      const texts = otherServerItems.flatMap(quoted)
      expect(texts).toEqual([
        'Unexpected error. Please try again',
        'No response from server.',
        'Error setting up request.',
        'Authentication error: {code}',
      ])
      for (const text of texts) expect(uiValues, text).toContain(text)
    },
  )
})

describe('MESSAGES, the other way round', () => {
  it('every code is a well-formed code with a text and an error status', () => {
    for (const [code, entry] of Object.entries(MESSAGES)) {
      expect(code).toMatch(/^(msg_[a-z0-9_]+|generic_error_message)$/)
      expect(entry.text.trim(), code).not.toBe('')
      expect(entry.status, code).toBeGreaterThanOrEqual(400)
      expect(entry.status, code).toBeLessThan(600)
    }
  })

  it.skipIf(noSpec)('keeps every code the spec names in sections 4, 6 and 8', () => {
    const named = new Set((spec ?? '').match(/\bmsg_[a-z_]+\b|\bgeneric_error_message\b/g) ?? [])
    expect(named.size).toBeGreaterThanOrEqual(11)
    for (const code of named) expect(Object.keys(MESSAGES), code).toContain(code)
  })
})

describe('messageText', () => {
  it('fills the field list of msg_zod_validation_error', () => {
    expect(messageText('msg_zod_validation_error', ['a', 'b'])).toBe('Invalid fields: a, b')
    expect(messageText('msg_zod_validation_error', ['email'])).toBe('Invalid fields: email')
  })

  it('maps a known code to its text', () => {
    expect(messageText('msg_invalid_token')).toBe('Invalid token.')
    expect(messageText('generic_error_message')).toBe(
      'Unexpected error occurred. Please try again.',
    )
  })

  it('returns unknown codes raw', () => {
    expect(messageText('msg_something_new')).toBe('msg_something_new')
    expect(messageText('Plain words')).toBe('Plain words')
    expect(messageText('toString')).toBe('toString')
    expect(messageText('__proto__')).toBe('__proto__')
  })
})

describe.skipIf(noSpec)('UI_TEXT against SPEC.md', () => {
  for (const text of uiMessages) {
    it(`has the UI message '${text}'`, () => {
      expect(uiValues).toContain(text)
    })
  }

  it('has the payment modal texts of section 8', () => {
    const line = section8.split('\n').find((l) => l.includes('Payment modal:'))
    const texts = quoted(line ?? '')
    expect(texts).toHaveLength(3)
    for (const text of texts) expect(uiValues, text).toContain(text)
  })

  it('has every message quoted in sections 4 and 5', () => {
    const texts = [...quoted(section(4)), ...quoted(section(5))]
    expect(texts.length).toBeGreaterThanOrEqual(18)
    for (const text of texts) expect(uiValues, text).toContain(text)
  })
})
