import { afterEach, beforeEach, expect, test, vi } from 'vitest'

beforeEach(() => {
  vi.resetModules()
})

afterEach(() => {
  vi.unstubAllEnvs()
})

test('by default the API is on the same origin as the page', async () => {
  const { apiUrl } = await import('./config')
  expect(apiUrl('/api/web/tasks/t/image')).toBe('/api/web/tasks/t/image')
})

test('VITE_API_ORIGIN puts API paths on another origin and leaves other URLs alone', async () => {
  vi.stubEnv('VITE_API_ORIGIN', 'https://api.storyreel.test/')
  const { apiUrl } = await import('./config')
  expect(apiUrl('/api/web/tasks/t/image')).toBe('https://api.storyreel.test/api/web/tasks/t/image')
  expect(apiUrl('https://cdn.test/a.png')).toBe('https://cdn.test/a.png')
  expect(apiUrl('blob:https://app.test/1')).toBe('blob:https://app.test/1')
})

test('a VITE_API_ORIGIN that is not an http(s) URL stops the app at start', async () => {
  vi.stubEnv('VITE_API_ORIGIN', 'api.storyreel.test')
  await expect(import('./config')).rejects.toThrow()
})
