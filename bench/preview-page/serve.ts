import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { buildPreviewPage } from './build'

/** The page and its media come from this made-up origin, answered by page.route. */
export const PREVIEW_ORIGIN = 'http://preview.test'

export interface PreviewPage {
  dir: string
  /** Opens the page in `context`; uploads named in `media` are served from those files. */
  open(context: BrowserContext, media: ReadonlyMap<string, string>): Promise<Page>
  close(): Promise<void>
}

/** Builds the preview page once into a temporary folder. */
export async function previewPage(): Promise<PreviewPage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyreel-preview-page-'))
  await buildPreviewPage(dir)
  return {
    dir,
    async open(context, media) {
      const page = await context.newPage()
      await page.route(`${PREVIEW_ORIGIN}/**`, (route) => {
        const { pathname } = new URL(route.request().url())
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
