import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { compositionApi, mediaApi } from '@storyreel/core'
import { tasks } from '../src/db/schema'
import { sweepOrphanWork } from '../src/queue/supervisor'
import { signUp } from './client'
import { formWith, pictureFile } from './media-fixtures'
import { startWorkerProcess, type WorkerProcess } from './processes'
import { startTestServer, type TestServer } from './test-server'

/**
 * Two standalone workers share PostgreSQL and the file store; one is killed with SIGKILL in the
 * middle of a render. Every task must still finish, exactly once, leaving no stray files.
 * Standalone workers need a PostgreSQL server: this runs in the PostgreSQL pass only.
 */
const TASKS = 6
const USERS = 3

let server: TestServer
const workers: WorkerProcess[] = []

function startWorker() {
  const worker = startWorkerProcess(server)
  workers.push(worker)
  return worker
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.skipIf(!process.env.TEST_DATABASE_URL)('render workers on PostgreSQL', () => {
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL')
    await server?.close()
  })

  it('finishes every task exactly once when a worker is killed mid-render', async () => {
    // Several users: each account renders one task at a time, and the workers share them.
    const ids: string[] = []
    for (let u = 0; u < USERS; u++) {
      const { client } = await signUp(server)
      const files = [0, 1, 2].map((i) =>
        pictureFile(`p${i}.png`, { width: 800, height: 600, hue: i * 100 + u * 20 }),
      )
      const described = await client.call(mediaApi.describe, { body: formWith(files) })
      const created = await client.call(compositionApi.create, {
        body: { suggestion: 'Kill me softly', imageDescriptions: described.data.descriptions },
      })
      const composition = created.data.content
      composition.movieParams = { ...composition.movieParams, width: 480, height: 270 }
      for (const slide of composition.composition) slide.duration = 3
      for (let i = 0; i < TASKS / USERS; i++) {
        const res = await client.call(compositionApi.render, {
          body: { composition },
        })
        expect(res.status).toBe(200)
        ids.push(res.data.taskId)
      }
    }

    // The victim starts alone so it is sure to take work; progress is written once a second,
    // so "inside a render" is a started task still EXECUTING, with frames out when we can see it.
    const victim = startWorker()
    const deadline = Date.now() + 60_000
    let survivor: ReturnType<typeof startWorker> | undefined
    let firstSeenRunning = 0
    for (;;) {
      const started = victim.logged('render started')
      const rows = started.length
        ? await server.app.services.db.select().from(tasks).where(inArray(tasks.id, started))
        : []
      const running = rows.filter((r) => r.state === 'EXECUTING')
      if (running.length > 0) {
        survivor ??= startWorker()
        firstSeenRunning ||= Date.now()
        // On a fast machine a render may end between two progress beats: then any running task will do.
        if (running.some((r) => (r.progress ?? 0) > 0)) break
        if (Date.now() - firstSeenRunning > 10_000) break
      }
      expect(
        Date.now() < deadline,
        `the victim never started a render:\n${victim.lines.join('\n')}`,
      ).toBe(true)
      await sleep(100)
    }
    victim.child.kill('SIGKILL')

    // Generous: on a busy machine six renders by the survivor alone take minutes.
    const until = Date.now() + 420_000
    let rows = await server.app.services.db.select().from(tasks).where(inArray(tasks.id, ids))
    // Waits while any task may still finish: a cancelled one will not.
    const open = (r: (typeof rows)[number]) => r.state !== 'FINISHED' && r.state !== 'CANCELLED'
    while (rows.some(open) && Date.now() < until) {
      await sleep(500)
      rows = await server.app.services.db.select().from(tasks).where(inArray(tasks.id, ids))
    }
    const unfinished = rows.filter((r) => r.state !== 'FINISHED')
    expect(
      rows.map((r) => r.state),
      `not finished: ${JSON.stringify(unfinished.map((r) => [r.state, r.cancelReason]))}`,
    ).toEqual(Array(TASKS).fill('FINISHED'))

    // Exactly once: every task finished by one run, across both workers.
    const finished = [...victim.logged('render finished'), ...survivor!.logged('render finished')]
    expect(finished.sort()).toEqual([...ids].sort())

    // No duplicates and no orphans: one folder per task with its files (the composer narrates, so
    // captions too); no work folders left.
    const renders = path.join(server.env.DATA_DIR, 'files', 'renders')
    expect((await readdir(renders)).sort()).toEqual([...ids].sort())
    for (const id of ids)
      expect((await readdir(path.join(renders, id))).sort()).toEqual([
        'captions.vtt',
        'thumbnail.jpg',
        'video.mp4',
      ])
    // What the supervisor's next sweep does, called now instead of waited for.
    await sweepOrphanWork(server.env.DATA_DIR, server.app.services.db)
    const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])
    expect(tmp.filter((n) => n.startsWith('render-'))).toEqual([])
  }, 600_000)
})
