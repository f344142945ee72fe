import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mediaApi, type Composition } from '@storyreel/core'
import { treeCpu, treeRss } from './measure'
import { benchClient, signUp, type BenchClient } from './support/api-client'
import { startApp } from './support/server-process'
import { requestRender, waitSettled } from './support/short-video'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/**
 * How often the bench asks for the task: finer than the app's 2 s, to time the wait closely,
 * and no finer, as every answer costs the server a little of the CPU it renders with.
 */
const POLL_MS = 250

export interface ApiRender {
  /** Seconds from the render request to the answer that says FINISHED. */
  wall: number
  /**
   * With `beside`: each of the other user's renders that finished meanwhile, seconds from its
   * request to FINISHED.
   */
  beside: number[]
  /**
   * CPU seconds the server's process tree spent meanwhile: the server, its render thread and
   * every ffmpeg it ran (the music's mix too). Holds on a busy machine, where wall time does not.
   */
  cpu: number
  /** Peak resident memory of the server's process group while it rendered, bytes. */
  peak: number
  /** The stored video, for the bound's re-encode. */
  videoFile: string
  /** Removes the server's data folder, the video with it. */
  cleanUp(): Promise<void>
}

/** Uploads the photos as the client's user: the composition with the server's names for them. */
async function uploaded(
  client: BenchClient,
  composition: Composition,
  photos: readonly string[],
): Promise<Composition> {
  const form = new FormData()
  for (const file of photos) {
    const name = path.basename(file)
    form.append('files', new File([await readFile(file)], name, { type: 'image/jpeg' }))
  }
  const { descriptions } = await client.ok(mediaApi.describe, { body: form })
  const stored = new Map(photos.map((f, i) => [path.basename(f), descriptions[i]!.filename]))
  return {
    ...composition,
    composition: composition.composition.map((s) => ({ ...s, filename: stored.get(s.filename)! })),
  }
}

/**
 * Renders the composition `times` times, each once the last finished, stopping early once
 * `done()`.
 */
async function backToBack(
  client: BenchClient,
  composition: Composition,
  times: number,
  done: () => boolean,
) {
  const walls: number[] = []
  while (walls.length < times && !done()) {
    const t0 = performance.now()
    const task = await waitSettled(client, await requestRender(client, composition), {
      everyMs: POLL_MS,
    })
    if (task.state !== 'FINISHED') throw new Error(`render beside ended ${task.state}`)
    walls.push((performance.now() - t0) / 1000)
  }
  return walls
}

/**
 * Renders a composition as a user waits for it: the server started as `npm start` starts it
 * (its in-process worker, the embedded database), the photos uploaded through the API, the
 * render asked for and polled until FINISHED. `composition` names the photos by their file
 * names; the server's names replace them once uploaded. With `beside`, another user renders it
 * meanwhile from the same photos, `besideTimes` times one after another (by default until the
 * first render is done).
 */
export async function renderThroughApi(
  composition: Composition,
  photos: readonly string[],
  opts: { beside?: Composition; besideTimes?: number } = {},
): Promise<ApiRender> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bench-render-'))
  const { server, base } = await startApp(repoRoot, dataDir).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true })
    throw err
  })
  try {
    const client = benchClient(base)
    await signUp(client, dataDir, 'render-bench@example.com')
    const renamed = await uploaded(client, composition, photos)
    const other = benchClient(base)
    let beside: Composition | null = null
    if (opts.beside) {
      await signUp(other, dataDir, 'render-bench-beside@example.com')
      beside = await uploaded(other, opts.beside, photos)
    }

    // The server's process tree (npm, the server, its ffmpegs), cheaper to read than its group.
    let peak = 0
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.child.pid))), 100)
    const cpu0 = treeCpu(server.child.pid!)
    const t0 = performance.now()
    const taskId = await requestRender(client, renamed)
    let done = false
    const besides = beside
      ? backToBack(other, beside, opts.besideTimes ?? Infinity, () => done)
      : Promise.resolve([])
    const task = await waitSettled(client, taskId, { everyMs: POLL_MS })
    const wall = (performance.now() - t0) / 1000
    const cpu = treeCpu(server.child.pid!) - cpu0
    done = true
    clearInterval(sampler)
    if (task.state !== 'FINISHED') throw new Error(`render ended ${task.state}`)
    const videoFile = path.join(dataDir, 'files', 'renders', taskId, 'video.mp4')
    return {
      wall,
      cpu,
      beside: await besides,
      peak,
      videoFile,
      cleanUp: () => rm(dataDir, { recursive: true, force: true }),
    }
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true })
    throw err
  } finally {
    await server.stop()
  }
}
