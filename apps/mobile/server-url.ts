/**
 * Where the app's pages and its API are served. The native app loads them from there
 * (`server.url`), so its session cookie stays first-party: see docs/decisions/009-mobile-app.md.
 * Without STORYREEL_URL it is `npm start` on the developer's machine, which the iOS simulator
 * reaches as localhost and the Android emulator after `adb reverse tcp:3000 tcp:3000`.
 */
export const DEFAULT_STORYREEL_URL = 'http://localhost:3000'

/** The origin STORYREEL_URL names, or an error that says what is wrong with it. */
export function storyreelOrigin(value: string | undefined): string {
  const text = value?.trim() || DEFAULT_STORYREEL_URL
  const url = URL.canParse(text) ? new URL(text) : null
  // The web app's routes start at the root, so a path, a query or a login would be lost.
  const origin =
    url &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
      ? url.origin
      : null
  if (!origin) {
    throw new Error(
      `STORYREEL_URL must be the origin Storyreel is served from, such as https://storyreel.example.com (got "${text}")`,
    )
  }
  return origin
}
