import sharp from 'sharp'
import {
  FINAL_TASK_STATES,
  compositionApi,
  mediaApi,
  tasksApi,
  type Composition,
  type Task,
} from '@storyreel/core'
import type { BenchClient } from './api-client'

/** A small real picture: a two-colour gradient with a disc, different for each `seed`. */
export async function picture(seed: number, width = 320, height = 240): Promise<File> {
  const hue = (seed * 47) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,35%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,60%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.15}" fill="#fff7d6"/>
  </svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return new File([new Uint8Array(png)], `bench-${seed}.png`, { type: 'image/png' })
}

/**
 * Uploads the pictures, has the server compose them, and makes the composition short and small:
 * `seconds` in all, at `width` wide, silent (no narration or captions) unless `narrated`.
 */
export async function composeShortVideo(
  client: BenchClient,
  files: File[],
  opts: { seconds: number; width: number; narrated?: boolean },
): Promise<Composition> {
  const form = new FormData()
  for (const f of files) form.append('files', f, f.name)
  const { descriptions } = await client.ok(mediaApi.describe, { body: form })
  const { content } = await client.ok(compositionApi.create, {
    body: { suggestion: 'A short day out', imageDescriptions: descriptions },
  })
  const { width, height } = content.movieParams
  const scale = opts.width / width
  content.movieParams = {
    ...content.movieParams,
    width: Math.round((width * scale) / 2) * 2,
    height: Math.round((height * scale) / 2) * 2,
    ...(opts.narrated ? {} : { voice: null, captions: undefined }),
  }
  for (const slide of content.composition) {
    slide.duration = opts.seconds / content.composition.length
    if (!opts.narrated) delete slide.narration
  }
  return content
}

/** Asks for the render; the task's id. */
export async function requestRender(client: BenchClient, composition: Composition) {
  const { taskId } = await client.ok(compositionApi.render, { body: { composition } })
  return taskId
}

/** Polls the task like the render page does until it is settled. */
export async function waitSettled(
  client: BenchClient,
  taskId: string,
  opts: { everyMs?: number; timeoutMs?: number } = {},
): Promise<Task> {
  const deadline = Date.now() + (opts.timeoutMs ?? 600_000)
  for (;;) {
    const task = await client.ok(tasksApi.get, { params: { id: taskId } })
    if (FINAL_TASK_STATES.includes(task.state)) return task
    if (Date.now() > deadline) throw new Error(`task ${taskId} stuck in ${task.state}`)
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 500))
  }
}
