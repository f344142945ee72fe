import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { APIRequestContext, Page } from 'playwright-core'
import { createApiClient, type Transport } from '@storyreel/api-client'
import { compositionApi, mediaApi, tasksApi, type Composition, type Task } from '@storyreel/core'
import type { TestServer } from './server'

/**
 * Requests through a browser context's request API: the page's cookies go with them, and the
 * cookies they set land in the browser, so the client keeps no jar of its own.
 */
function contextTransport(request: APIRequestContext, origin: string): Transport {
  return async ({ method, path, headers, body }) => {
    const res = await request.fetch(origin + path, {
      method,
      headers,
      ...(body instanceof FormData ? { multipart: body } : { data: body && Buffer.from(body) }),
    })
    const answerHeaders = new Headers(
      res.headersArray().map((h): [string, string] => [h.name, h.value]),
    )
    return { status: res.status(), headers: answerHeaders, body: await res.body() }
  }
}

/**
 * The API as the page's signed-in user (@storyreel/api-client over the browser context), with
 * the calls journeys make to have videos exist without walking the editor each time.
 */
export function pageApi(page: Page, server: TestServer) {
  const api = createApiClient({
    transport: contextTransport(page.context().request, server.url),
    jar: null,
  })

  return {
    ...api,

    /** Uploads the pictures and composes one slide per picture. */
    async compose(pictures: string[]): Promise<Composition> {
      const form = new FormData()
      form.append('suggestion', '')
      for (const file of pictures) {
        const bytes = await readFile(file)
        const type = file.endsWith('.png') ? 'image/png' : 'image/jpeg'
        form.append('files', new File([bytes], path.basename(file), { type }))
      }
      const { descriptions } = await api.ok(mediaApi.describe, { body: form })
      const { content } = await api.ok(compositionApi.create, {
        body: { suggestion: '', imageDescriptions: descriptions },
      })
      return content
    },

    /** Starts a render; its task id. */
    async render(composition: Composition): Promise<string> {
      return (await api.ok(compositionApi.render, { body: { composition } })).taskId
    },

    /** Polls the task until `done` holds. */
    async waitForTask(id: string, done: (task: Task) => boolean, timeoutMs = 5 * 60 * 1000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const task = await api.ok(tasksApi.get, { params: { id } })
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
