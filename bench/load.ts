/**
 * bench/load: many users at once against one server and two standalone render workers on
 * PostgreSQL (decision 015), each started as `npm start` and `npm run worker` start them.
 *
 * Each simulated user signs up through the e-mail code (from an address of their own), uploads
 * five pictures, has them composed, renders a short small silent video and polls it like the
 * render page until it is done; the first user renders a batch of `--batch` at once, which the
 * others must not wait behind. Meanwhile `--pollers` clients poll a task every 2 s. It prints
 * the throughput, each route's p99, the errors (none allowed), the longest wait in the render
 * queue, and whether every render ran and finished exactly once.
 *
 *   npm run load -w @storyreel/bench [-- --users 50 --pollers 200 --batch 5 --seconds 1]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { cookieHeader, routeOf } from '@storyreel/api-client'
import { endpointUrl, tasksApi } from '@storyreel/core'
import { benchClient, signUp, type ErrorCounts, type Timings } from './support/api-client'
import { postgresReachable, tempDatabase } from './support/postgres'
import { startGroup, waitForServer, type GroupProcess } from './support/server-process'
import { composeShortVideo, picture, requestRender, waitSettled } from './support/short-video'
import { ms, quantile } from './support/stats'

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    pollers: { type: 'string', default: '200' },
    images: { type: 'string', default: '5' },
    batch: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '1' },
    width: { type: 'string', default: '320' },
    workers: { type: 'string', default: '2' },
    /** Users arrive over this many seconds, not all in the same millisecond. */
    arrival: { type: 'string', default: '10' },
  },
})
const users = Number(values.users)
const pollers = Number(values.pollers)
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const POLL_MS = 2000

if (!(await postgresReachable())) {
  console.error('bench/load needs PostgreSQL (BENCH_DATABASE_URL): standalone workers share it.')
  process.exit(1)
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bench-load-'))
const database = await tempDatabase()
const port = 3900 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  NODE_ENV: 'production',
}
const timings: Timings = new Map()
const errors: ErrorCounts = new Map()
const countError = (route: string) => errors.set(route, (errors.get(route) ?? 0) + 1)

/** Each worker's log: which tasks it started and finished rendering. */
const runs = { started: new Map<string, number>(), finished: new Map<string, number>() }
function readWorkerLog(worker: GroupProcess) {
  let rest = ''
  worker.child.stdout!.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n')
    rest = lines.pop()!
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { msg?: string; taskId?: string }
        const into =
          entry.msg === 'render started'
            ? runs.started
            : entry.msg === 'render finished'
              ? runs.finished
              : null
        if (into && entry.taskId) into.set(entry.taskId, (into.get(entry.taskId) ?? 0) + 1)
      } catch {
        // Not a log entry.
      }
    }
  })
}

/** One user's visit, from signing up to their finished videos; the tasks' ids. */
async function visit(n: number, videos: number): Promise<string[]> {
  await new Promise((r) => setTimeout(r, Math.random() * Number(values.arrival) * 1000))
  const client = benchClient(base, { forwardedFor: `10.2.${n >> 8}.${n & 255}`, timings, errors })
  await signUp(client, dataDir, `load-${n}@example.com`)
  const files = await Promise.all(
    Array.from({ length: Number(values.images) }, (_, k) => picture(n * 10 + k)),
  )
  const composition = await composeShortVideo(client, files, {
    seconds: Number(values.seconds),
    width: Number(values.width),
  })
  const taskIds: string[] = []
  for (let i = 0; i < videos; i++) taskIds.push(await requestRender(client, composition))
  for (const taskId of taskIds) {
    const task = await waitSettled(client, taskId, { everyMs: POLL_MS })
    if (task.state !== 'FINISHED') throw new Error(`task ${taskId} ended ${task.state}`)
  }
  return taskIds
}

/** Clients polling one task every 2 s, each at its own phase, until `done` settles. */
async function pollUntil(done: Promise<unknown>, cookie: string, taskId: string) {
  let over = false
  void done.finally(() => (over = true))
  const latencies: number[] = []
  const route = `${routeOf(tasksApi.get)} (pollers)`
  const poller = async () => {
    await new Promise((r) => setTimeout(r, Math.random() * POLL_MS))
    while (!over) {
      const next = performance.now() + POLL_MS
      const t0 = performance.now()
      try {
        const res = await fetch(base + endpointUrl(tasksApi.get, { id: taskId }), {
          headers: { cookie },
        })
        await res.arrayBuffer()
        if (res.ok) latencies.push(performance.now() - t0)
        else countError(route)
      } catch {
        countError(route)
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())))
    }
  }
  await Promise.all(Array.from({ length: pollers }, poller))
  timings.set(route, latencies)
}

/** How long each task waited in the queue: from its request to its first run's start. */
async function queueWaits(taskIds: string[]) {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string; wait: number }>(
      `select t.id, extract(epoch from min(j.started_on) - t.created_at) * 1000 as wait
       from tasks t join pgboss.job j on j.name in ('render', 'render-short') and j.data->>'taskId' = t.id::text
       where t.id = any($1::uuid[]) group by t.id, t.created_at`,
      [taskIds],
    )
    return rows.map((r) => Number(r.wait))
  } finally {
    await client.end()
  }
}

const processes: GroupProcess[] = []
try {
  const server = startGroup('sh', ['apps/server/start.sh', 'server'], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(port),
      IN_PROCESS_WORKER: 'false',
      LOG_LEVEL: 'warn',
      // Each user signs up from an address of their own (support/api-client.ts).
      TRUST_PROXY: '127.0.0.1',
    },
  })
  processes.push(server)
  await waitForServer(base, server)
  for (let i = 0; i < Number(values.workers); i++) {
    const worker = startGroup('sh', ['apps/server/start.sh', 'worker'], {
      cwd: repoRoot,
      env: { ...env, LOG_LEVEL: 'info' },
    })
    readWorkerLog(worker)
    processes.push(worker)
  }

  // The pollers watch a task of their own user: a render page left open.
  const watcher = benchClient(base, { forwardedFor: '10.3.0.1' })
  await signUp(watcher, dataDir, 'watcher@example.com')
  const watched = await requestRender(
    watcher,
    await composeShortVideo(watcher, [await picture(9999)], {
      seconds: Number(values.seconds),
      width: Number(values.width),
    }),
  )

  console.log(`load: ${users} users, ${pollers} pollers, ${values.workers} workers on PostgreSQL`)
  const t0 = performance.now()
  const visits = Promise.allSettled(
    Array.from({ length: users }, (_, n) => visit(n, n === 0 ? Number(values.batch) : 1)),
  )
  await pollUntil(visits, cookieHeader(watcher.jar), watched)
  const settled = await visits
  const elapsed = (performance.now() - t0) / 1000
  const taskIds = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []))
  const expected = users - 1 + Number(values.batch)
  for (const s of settled) {
    if (s.status === 'rejected') {
      countError('visits')
      console.log(`  a visit failed: ${(s.reason as Error).message}`)
    }
  }

  const requests = [...timings.values()].reduce((n, l) => n + l.length, 0)
  console.log(
    `load: ${taskIds.length}/${expected} videos in ${elapsed.toFixed(0)} s: ` +
      `${((taskIds.length / elapsed) * 60).toFixed(1)} renders/min, ${(requests / elapsed).toFixed(0)} requests/s`,
  )
  for (const [route, list] of [...timings].sort()) {
    console.log(
      `  ${route.padEnd(42)} n=${String(list.length).padStart(6)} p50=${ms(quantile(list, 0.5)).padStart(8)} p99=${ms(quantile(list, 0.99)).padStart(8)} errors=${errors.get(route) ?? 0}`,
    )
  }
  const waits = await queueWaits(taskIds)
  console.log(
    `load: queue wait p50=${(quantile(waits, 0.5) / 1000).toFixed(1)} s, longest ${(Math.max(...waits) / 1000).toFixed(1)} s`,
  )
  const once = taskIds.filter(
    (id) => runs.started.get(id) === 1 && runs.finished.get(id) === 1,
  ).length
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0)
  console.log(`load: rendered exactly once: ${once}/${taskIds.length}; errors: ${errorCount}`)
  const ok = errorCount === 0 && taskIds.length === expected && once === expected
  console.log(`load: verdict: ${ok ? 'met' : 'NOT met'}`)
  process.exitCode = ok ? 0 : 1
} finally {
  for (const p of processes.reverse()) await p.stop()
  await database.drop()
  await rm(dataDir, { recursive: true, force: true })
}
