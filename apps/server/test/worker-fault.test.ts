import { spawn, type ChildProcess } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import type { Composition, ImageDescription } from '@storyreel/core'
import { tasks, users } from '../src/db/schema'
import { signUp } from './client'
import { formWith, pictureFile } from './media-fixtures'
import { startTestServer, type TestServer } from './test-server'

/**
 * Two standalone workers share PostgreSQL and the file store; one is killed with SIGKILL in the
 * middle of a render. Every task must still finish, exactly once, leaving no stray files.
 * Standalone workers need a PostgreSQL server: this runs in the PostgreSQL pass only.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url))
const TASKS = 10

let server: TestServer
const workers: { child: ChildProcess; lines: string[] }[] = []

function startWorker() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: server.env.DATABASE_URL,
      DATA_DIR: server.env.DATA_DIR,
      LOG_LEVEL: 'info',
      INIT_CWD: serverDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const worker = { child, lines: [] as string[] }
  let rest = ''
  child.stdout!.on('data', (d: Buffer) => {
    const text = rest + d.toString()
    const lines = text.split('\n')
    rest = lines.pop()!
    worker.lines.push(...lines)
  })
  workers.push(worker)
  return worker
}

const logged = (lines: string[], msg: string) =>
  lines.flatMap((l) => {
    try {
      const entry = JSON.parse(l) as { msg?: string; taskId?: string }
      return entry.msg === msg && entry.taskId ? [entry.taskId] : []
    } catch {
      return []
    }
  })

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
    const { client } = await signUp(server)
    const files = [0, 1, 2].map((i) =>
      pictureFile(`p${i}.png`, { width: 800, height: 600, hue: i * 100 }),
    )
    const described = await client.upload<{ descriptions: ImageDescription[] }>(
      '/api/media/describe',
      formWith(files),
    )
    const created = await client.post<{ content: Composition }>('/api/composition/create', {
      suggestion: 'Kill me softly',
      imageDescriptions: described.data.descriptions,
    })
    const composition = created.data.content
    composition.movieParams = { ...composition.movieParams, width: 480, height: 270 }
    for (const slide of composition.composition) slide.duration = 2
    // Free users have 5 renders a month; this test needs 10.
    await server.app.services.db.update(users).set({ plan: 'PRO' })
    const ids: string[] = []
    for (let i = 0; i < TASKS; i++) {
      const res = await client.post<{ taskId: string }>('/api/composition/render', { composition })
      expect(res.status).toBe(200)
      ids.push(res.data.taskId)
    }

    const victim = startWorker()
    const survivor = startWorker()
    // Kill the first worker once it is inside a render, with some frames already out.
    for (;;) {
      const started = logged(victim.lines, 'render started')
      if (started.length > 0) {
        const rows = await server.app.services.db
          .select()
          .from(tasks)
          .where(inArray(tasks.id, started))
        if (rows.some((r) => r.state === 'EXECUTING' && (r.progress ?? 0) > 0)) break
      }
      await sleep(100)
    }
    victim.child.kill('SIGKILL')

    const until = Date.now() + 150_000
    let rows = await server.app.services.db.select().from(tasks).where(inArray(tasks.id, ids))
    while (rows.some((r) => r.state !== 'FINISHED') && Date.now() < until) {
      await sleep(500)
      rows = await server.app.services.db.select().from(tasks).where(inArray(tasks.id, ids))
    }
    expect(rows.map((r) => r.state)).toEqual(Array(TASKS).fill('FINISHED'))

    // Exactly once: every task finished by one run, across both workers.
    const finished = [
      ...logged(victim.lines, 'render finished'),
      ...logged(survivor.lines, 'render finished'),
    ]
    expect(finished.sort()).toEqual([...ids].sort())

    // No duplicates and no orphans: one folder per task with its two files; no work folders left.
    const renders = path.join(server.env.DATA_DIR, 'files', 'renders')
    expect((await readdir(renders)).sort()).toEqual([...ids].sort())
    for (const id of ids)
      expect((await readdir(path.join(renders, id))).sort()).toEqual(['thumbnail.jpg', 'video.mp4'])
    await sleep(6000) // one supervisor sweep
    const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])
    expect(tmp.filter((n) => n.startsWith('render-'))).toEqual([])
  }, 240_000)
})
