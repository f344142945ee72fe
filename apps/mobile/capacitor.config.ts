import type { CapacitorConfig } from '@capacitor/cli'
import { storyreelOrigin } from './server-url'

// Read when `cap sync` copies this config into the native projects: set STORYREEL_URL then.
const origin = storyreelOrigin(process.env.STORYREEL_URL)

const config: CapacitorConfig = {
  appId: 'app.storyreel',
  appName: 'Storyreel',
  // Only the page shown when the server cannot be reached (scripts/build-www.ts writes it).
  webDir: 'www',
  server: {
    // The pages come from the server that also answers /api, so the session cookie, the CSRF
    // token and the Content-Security-Policy work as they do in a browser (decision 009).
    url: origin,
    // Android refuses plain HTTP unless told: only a development server on the LAN uses it.
    cleartext: origin.startsWith('http:'),
    errorPath: 'index.html',
  },
}

export default config
