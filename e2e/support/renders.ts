import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { APIRequestContext, Page } from 'playwright-core'
import type { Composition, ImageDescription, Task } from '@storyreel/core'
import type { TestServer } from './server'

/**
 * The API as the page's signed-in user: the browser context's cookies, and the CSRF header on
 * every write. For journeys that need videos to exist without walking the editor each time.
 */
export async function pageApi(page: Page, server: TestServer) {
  const request: APIRequestContext = page.context().request
  const url = (p: string) => `${server.url}/api${p}`
  const token = await request.get(url('/auth/csrf-token'))
  const { csrfToken } = ((await token.json()) as { data: { csrfToken: string } }).data
  const headers = { 'x-csrf-token': csrfToken }

  async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()}`)
    return ((await response.json()) as { data: T }).data
  }

  return {
    get: async <T>(p: string) => data<T>(await request.get(url(p))),

    /** Uploads the pictures and composes one slide per picture. */
    async compose(pictures: string[]): Promise<Composition> {
      const form = new FormData()
      form.append('suggestion', '')
      for (const file of pictures) {
        const bytes = await readFile(file)
        const type = file.endsWith('.png') ? 'image/png' : 'image/jpeg'
        form.append('files', new File([bytes], path.basename(file), { type }))
      }
      const { descriptions } = await data<{ descriptions: ImageDescription[] }>(
        await request.post(url('/media/describe'), { multipart: form, headers }),
      )
      const { content } = await data<{ content: Composition }>(
        await request.post(url('/composition/create'), {
          data: { suggestion: '', imageDescriptions: descriptions },
          headers,
        }),
      )
      return content
    },

    /** Starts a render; its task id. */
    async render(composition: Composition): Promise<string> {
      const answer = await request.post(url('/composition/render'), {
        data: { composition },
        headers,
      })
      return (await data<{ taskId: string }>(answer)).taskId
    },

    /** Polls the task until `done` holds. */
    async waitForTask(id: string, done: (task: Task) => boolean, timeoutMs = 5 * 60 * 1000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const task = await data<Task>(await request.get(url(`/web/tasks/${id}`)))
        if (done(task)) return task
        if (Date.now() > deadline) throw new Error(`task ${id} stuck in ${task.state}`)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    },
  }
}

/**
 * The composition with every slide lasting `seconds`, drawn at `width`x`height`, and without
 * narration: a small, quick render, or a long one that stays in the works.
 */
export function sized(
  composition: Composition,
  { seconds, width, height }: { seconds: number; width: number; height: number },
): Composition {
  return {
    ...composition,
    movieParams: { ...composition.movieParams, width, height, voice: null },
    composition: composition.composition.map((slide) => ({
      ...slide,
      duration: seconds,
      narration: undefined,
    })),
  }
}
