/**
 * bench/api: 200 clients polling GET /api/web/tasks/{id} for 30 s against the real server
 * (its own process, PGlite by default, PostgreSQL with DATABASE_URL).
 *
 * Two figures: "polling" is the app's real load (each client asks every 2 s, like the render
 * page); "saturated" (autocannon) is every connection asking again as soon as it has its answer,
 * which shows the headroom. Goal: p99 < 50 ms when polling.
 *
 *   npm run api -w @storyreel/bench [-- --seconds 30 --clients 200]
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createCanvas } from '@napi-rs/canvas'
import { cookieHeader } from '@storyreel/api-client'
import { authApi, compositionApi, endpointUrl, mediaApi, tasksApi } from '@storyreel/core'
import { benchClient, signUp } from '../support/api-client'
import { quantile } from '../support/stats'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '200' },
  },
})
const seconds = Number(values.seconds)
const clients = Number(values.clients)
const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url))
const port = 3900 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`
const POLL_MS = 2000

const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bench-api-'))
// Started as `npm start` starts it: built, with its memory settings (apps/server/start.sh).
const server = spawn('sh', ['start.sh', 'server'], {
  cwd: serverDir,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    IN_PROCESS_WORKER: 'false',
    LOG_LEVEL: 'warn',
    INIT_CWD: serverDir,
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

const client = benchClient(base)

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(base + endpointUrl(authApi.csrfToken))
      return
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error('server did not start')
}

/**
 * The app's real load: each client asks every 2 s, waiting for its answer first, each starting
 * at its own moment (autocannon's overallRate fires every connection in the same tick, which
 * measures a synchronised burst that no population of browsers makes).
 */
async function poll(url: string, cookie: string) {
  const latencies: number[] = []
  let errors = 0
  const end = performance.now() + seconds * 1000
  const client = async () => {
    await new Promise((r) => setTimeout(r, Math.random() * POLL_MS))
    while (performance.now() < end) {
      const next = performance.now() + POLL_MS
      const t0 = performance.now()
      try {
        const res = await fetch(url, { headers: { cookie } })
        await res.arrayBuffer()
        if (res.ok) latencies.push(performance.now() - t0)
        else errors++
      } catch {
        errors++
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())))
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return {
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  }
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

try {
  await waitForServer()
  await signUp(client, dataDir, 'bench@example.com')

  // A small picture is enough: the clients poll its render task, which no worker here runs.
  const canvas = createCanvas(64, 64)
  canvas.getContext('2d').fillRect(0, 0, 32, 32)
  const form = new FormData()
  form.append(
    'files',
    new File([new Uint8Array(canvas.toBuffer('image/png'))], 'a.png', { type: 'image/png' }),
  )
  const { descriptions } = await client.ok(mediaApi.describe, { body: form })
  const { content } = await client.ok(compositionApi.create, {
    body: { suggestion: '', imageDescriptions: descriptions },
  })
  const { taskId } = await client.ok(compositionApi.render, { body: { composition: content } })

  const common = {
    url: base + endpointUrl(tasksApi.get, { id: taskId }),
    headers: { cookie: cookieHeader(client.jar) },
    connections: clients,
    duration: seconds,
  }
  const polling = await poll(common.url, common.headers.cookie)
  const saturated = await run(common)
  const line = (name: string, rps: number, p50: number, p99: number, errors: number) =>
    console.log(
      `api ${name}: clients=${clients} seconds=${seconds} requests/s=${rps.toFixed(0)} p50=${p50.toFixed(1)}ms p99=${p99.toFixed(1)}ms errors=${errors}`,
    )
  line('polling', polling.rps, polling.p50, polling.p99, polling.errors)
  const s = saturated
  line('saturated', s.requests.average, s.latency.p50, s.latency.p99, s.errors + s.non2xx)
  const met = polling.p99 < 50 ? 'met' : 'NOT met'
  console.log(`api goal: polling p99 ${polling.p99.toFixed(1)}ms < 50ms: ${met}`)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  await rm(dataDir, { recursive: true, force: true })
}
