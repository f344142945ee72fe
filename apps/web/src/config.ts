import { z } from 'zod'

declare global {
  interface ImportMetaEnv {
    readonly VITE_API_ORIGIN?: string
  }
}

/**
 * The browser's environment, set at build time. Only the values named here are read from
 * `import.meta.env`, so nothing else that happens to be set ends up in the bundle.
 */
const EnvSchema = z.object({
  /**
   * Where the API is served. Empty (the default): the page's own origin, as `npm start` serves
   * both and Vite proxies `/api` in development; the mobile app loads its pages from the server
   * too (decision 009). A build whose pages are hosted elsewhere names the API's.
   */
  VITE_API_ORIGIN: z
    .union([
      z.literal(''),
      z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    ])
    .default(''),
})

const env = EnvSchema.parse({ VITE_API_ORIGIN: import.meta.env.VITE_API_ORIGIN })

/**
 * The URL to load an API path from: the paths the core URL builders make and those the server
 * answers with (a task's thumbnail, a media file's path) start with `/api` and are relative to the
 * API's origin, which need not be the page's. Other URLs (another host, `blob:`) stay as they are.
 */
export function apiUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? env.VITE_API_ORIGIN + path : path
}
