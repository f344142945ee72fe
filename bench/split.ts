/**
 * bench/split: one long render (photos with zoom and fades, 1080x1920 by default) through the
 * real server and standalone workers on PostgreSQL (decision 016):
 *   1. one worker, splitting off: the render in one piece;
 *   2. two workers on this machine, splitting into two ranges;
 *   3. one worker drawing N ranges one after another: each range's time is what one machine
 *      of N would take for it, with nothing else on its cores, so the time N machines would
 *      need is the set-up, the longest range and the join.
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   npm run split -w @storyreel/bench [-- --seconds 32 --width 1080 --height 1920 --ranges 4]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import {
  authApi,
  compositionApi,
  endpointUrl,
  mediaApi,
  tasksApi,
  type Composition,
} from '@storyreel/core'
import { benchPhotos } from './render-media'
import { benchClient, signUp } from './support/api-client'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '32' },
    width: { type: 'string', default: '1080' },
    height: { type: 'string', default: '1920' },
    ranges: { type: 'string', default: '4' },
  },
})
const seconds = Number(values.seconds)
const [width, height, ranges] = [Number(values.width), Number(values.height), Number(values.ranges)]
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url))
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const port = 3900 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`

const dbName = `storyreel_bench_split_${Date.now()}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`create database ${dbName}`)
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString()
const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bench-split-'))
const env = {
  ...process.env,
  DATABASE_URL: dbUrl,
  DATA_DIR: dataDir,
  INIT_CWD: serverDir,
  NODE_ENV: 'production',
}

function startProcess(script: string, extra: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const entries: Record<string, unknown>[] = []
  let rest = ''
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n')
    rest = lines.pop()!
    for (const line of lines) {
      try {
        entries.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        // not a log entry
      }
    }
  })
  return { child, entries }
}

const server = startProcess('src/server.ts', {
  PORT: String(port),
  IN_PROCESS_WORKER: 'false',
  LOG_LEVEL: 'warn',
})
const workers: ChildProcess[] = []
const workerLogs: { entries: Record<string, unknown>[] }[] = []
function startWorker(extra: Record<string, string>) {
  const w = startProcess('src/worker.ts', { LOG_LEVEL: 'info', ...extra })
  workers.push(w.child)
  workerLogs.push(w)
  return w
}
async function stopWorker(w: { child: ChildProcess }) {
  const exited = new Promise((r) => w.child.once('exit', r))
  w.child.kill('SIGTERM')
  await exited
}

const client = benchClient(base)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function signUpBenchUser() {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(base + endpointUrl(authApi.csrfToken)).then(
        () => true,
        () => false,
      )
    )
      break
    await sleep(100)
  }
  await signUp(client, dataDir, `bench-split-${Date.now()}@example.com`)
}

async function composition(): Promise<Composition> {
  const photos = await benchPhotos(new URL('./out/', import.meta.url).pathname)
  const form = new FormData()
  for (const file of photos) {
    form.append(
      'files',
      new File([await readFile(file)], path.basename(file), { type: 'image/jpeg' }),
    )
  }
  const { descriptions } = await client.ok(mediaApi.describe, { body: form })
  const slides = Math.ceil(seconds / 4)
  return {
    movieParams: { width, height, voice: null },
    composition: Array.from({ length: slides }, (_, i) => ({
      id: `bench-${i}`,
      filename: descriptions[i % descriptions.length]!.filename,
      duration: 4,
      effects: [
        { name: 'zoom', params: { zoomStart: 100 + (i % 3) * 10, zoomEnd: 130 + (i % 4) * 10 } },
        { name: 'fade', params: { fadeInDuration: 0.3, fadeOutDuration: 0.3 } },
      ],
    })),
  }
}

/** Renders the composition; wall time from the request to FINISHED, seconds. */
async function render(c: Composition): Promise<{ taskId: string; wall: number }> {
  const t0 = performance.now()
  const { taskId } = await client.ok(compositionApi.render, { body: { composition: c } })
  for (;;) {
    const task = await client.ok(tasksApi.get, { params: { id: taskId } })
    if (task.state === 'FINISHED') return { taskId, wall: (performance.now() - t0) / 1000 }
    if (task.state !== 'QUEUED' && task.state !== 'EXECUTING') {
      const problems = workerLogs.flatMap((w) => w.entries.filter((e) => Number(e.level) >= 40))
      throw new Error(
        `render ended ${task.state} (${task.error}): ${JSON.stringify(problems, null, 1)}`,
      )
    }
    await sleep(100)
  }
}

const logged = (ws: { entries: Record<string, unknown>[] }[], msg: string, taskId: string) =>
  ws.flatMap((w) => w.entries.filter((e) => e.msg === msg && e.taskId === taskId))
const fmt = (s: number) => `${s.toFixed(1)} s`

try {
  await signUpBenchUser()
  const c = await composition()
  console.log(
    `bench/split: ${seconds} s at ${width}x${height} (${c.composition.length} photos, zoom, fades), ${cpus().length} cores`,
  )

  // A worker's first render also loads the drawing engine (most of a second, more on a busy
  // machine): paid once per worker process, not per render, so it is paid before timing.
  const warmUp = {
    ...c,
    composition: c.composition.slice(0, 1).map((s) => ({ ...s, duration: 1 })),
  }
  const one = startWorker({ SPLIT_WORKERS: '1' })
  await render(warmUp)
  const single = await render(c)
  await stopWorker(one)
  console.log(`one worker, in one piece:        ${fmt(single.wall)}`)

  const split = { SPLIT_WORKERS: '2', SPLIT_MIN_RANGE_SECONDS: '2' }
  const pair = [startWorker(split), startWorker(split)]
  await sleep(3000) // both up before the render is asked for
  const two = await render(c)
  const pairRanges = logged(pair, 'render range finished', two.taskId)
  await Promise.all(pair.map(stopWorker))
  console.log(
    `two workers, two ranges:         ${fmt(two.wall)} (ranges ${pairRanges.map((e) => fmt(e.seconds as number)).join(', ')}, side by side, first renders of their workers)`,
  )

  const alone = startWorker({ SPLIT_WORKERS: String(ranges), SPLIT_MIN_RANGE_SECONDS: '2' })
  await render(warmUp)
  const serial = await render(c)
  await stopWorker(alone)
  const times = logged([alone], 'render range finished', serial.taskId).map(
    (e) => e.seconds as number,
  )
  const join = logged([alone], 'render split joined', serial.taskId)[0]!.joinSeconds as number
  const drawn = times.reduce((a, b) => a + b, 0)
  const setUp = serial.wall - drawn - join
  console.log(
    `one worker, ${ranges} ranges in turn:      ${fmt(serial.wall)} (ranges ${times.map(fmt).join(', ')}; join ${fmt(join)}; set-up and polling ${fmt(setUp)})`,
  )
  const estimate = setUp + Math.max(...times) + join
  console.log(
    `estimate for ${ranges} machines like this one: ${fmt(estimate)} = set-up + longest range + join ` +
      `(${(serial.wall / estimate).toFixed(1)}x the same ranges on one worker, ` +
      `${(single.wall / estimate).toFixed(1)}x the render in one piece)`,
  )
  console.log(
    `On these ${cpus().length} cores two workers are not faster than one: each range gets half ` +
      'the cores. Splitting pays only across machines.',
  )
} finally {
  for (const w of workers) w.kill('SIGKILL')
  server.child.kill('SIGTERM')
  await new Promise((r) => server.child.once('exit', r))
  await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.end()
  await rm(dataDir, { recursive: true, force: true })
}
