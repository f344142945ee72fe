import { expect, it } from 'vitest'
import { parseEnv } from '../../env'
import { openVoice } from './open-voice'

it('speaks through OpenAI with a key, offline without one', () => {
  expect(openVoice(parseEnv({})).name).toBe('embedded')
  expect(openVoice(parseEnv({ OPENAI_API_KEY: 'sk-test' })).name).toBe('openai')
})
