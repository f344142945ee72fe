import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { audioApi, authApi, endpointUrl, MUSIC_TRACKS, musicTrackUrl } from '@storyreel/core'
import { buildPreviewPage } from './build'

/** The page and its media come from this made-up origin, answered by page.route. */
export const PREVIEW_ORIGIN = 'http://preview.test'

/** The audio files the page's sound is answered with: every narration, and every music track. */
export interface PreviewSound {
  narration: string
  music: string
}

export interface PreviewPage {
  dir: string
  /**
   * Opens the page in `context`; uploads named in `media` are served from those files, and with
   * `sound` the API's narration and music answer with its files.
   */
  open(
    context: BrowserContext,
    media: ReadonlyMap<string, string>,
    sound?: PreviewSound,
  ): Promise<Page>
  close(): Promise<void>
}

/** Builds the preview page once into a temporary folder. */
export async function previewPage(): Promise<PreviewPage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyreel-preview-page-'))
  await buildPreviewPage(dir)
  return {
    dir,
    async open(context, media, sound) {
      const page = await context.newPage()
      await page.route(`${PREVIEW_ORIGIN}/**`, (route) => {
        const { pathname } = new URL(route.request().url())
        if (sound && pathname === endpointUrl(authApi.csrfToken)) {
          return route.fulfill({ json: { data: { csrfToken: 'preview' }, message: null } })
        }
        if (sound && pathname === endpointUrl(audioApi.generate)) {
          return route.fulfill({ path: sound.narration, contentType: 'audio/mpeg' })
        }
        if (sound && MUSIC_TRACKS.some((track) => pathname === musicTrackUrl(track.id))) {
          return route.fulfill({ path: sound.music, contentType: 'audio/mpeg' })
        }
        const upload = /\/uploads\/([^/]+)$/.exec(pathname)?.[1]
        if (upload) {
          const file = media.get(decodeURIComponent(upload))
          return file ? route.fulfill({ path: file }) : route.fulfill({ status: 404 })
        }
        return route.fulfill({ path: path.join(dir, pathname === '/' ? 'index.html' : pathname) })
      })
      await page.goto(`${PREVIEW_ORIGIN}/`)
      await page.waitForFunction(() => typeof window.mountPreview === 'function')
      return page
    },
    close: () => rm(dir, { recursive: true, force: true }),
  }
}
