import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
/** The server as `npm start` runs it: built by apps/server/build.ts (support/build.ts). */
export const SERVER_ENTRY = fileURLToPath(
  new URL('../../apps/server/dist/server.js', import.meta.url),
)
export const SERVER_BUILD = fileURLToPath(new URL('../../apps/server/build.ts', import.meta.url))
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg'
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe'
