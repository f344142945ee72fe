import { expect, it } from 'vitest'
import { parseEnv } from '../../env'
import { openAi } from './open-ai'

it('uses OpenAI’s models with a key, the embedded engine without one', () => {
  expect(openAi(parseEnv({})).name).toBe('embedded')
  expect(openAi(parseEnv({ OPENAI_API_KEY: 'sk-test' })).name).toBe('openai')
})
