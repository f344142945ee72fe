/**
 * bench/attack-latency: another user's latency while an attacker sends decompression bombs (the
 * hostile suite's PNG of 23170x23170 pixels, 65 KB), against a baseline taken in the same run.
 * The hostile test asserts what the server does (each bomb refused from its header, nothing
 * stored, the bystander answered throughout); how fast the bystander is answered depends on the
 * machine, so it is measured here. Goal: the bystander's p99 < 100 ms during the attack.
 *
 *   npm run attack-latency -w @storyreel/bench [-- --bombs 20]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { mediaApi, tasksApi } from '@storyreel/core'
import { pngBomb } from '@storyreel/server/test/crafted-media'
import { ApiError, benchClient, signUp, type BenchClient } from './support/api-client'
import { startGroup, waitForServer } from './support/server-process'
import { ms, quantile } from './support/stats'

const { values } = parseArgs({ options: { bombs: { type: 'string', default: '20' } } })
const bombs = Number(values.bombs)
const GOAL_P99_MS = 100
const PROBE_EVERY_MS = 50

const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url))
const port = 3900 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`
const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bench-attack-'))
// Started as `npm start` starts it: built, with its memory settings (apps/server/start.sh).
const server = startGroup('sh', ['start.sh', 'server'], {
  cwd: serverDir,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    INIT_CWD: serverDir,
    NODE_ENV: 'production',
  },
})

/** The bystander's latencies, one small GET every PROBE_EVERY_MS, until `until` settles. */
async function probeDuring(bystander: BenchClient, until: Promise<unknown>) {
  const times: number[] = []
  let done = false
  void until.finally(() => (done = true))
  while (!done) {
    const t0 = performance.now()
    await bystander.ok(tasksApi.list)
    times.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS))
  }
  return times
}

try {
  await waitForServer(base, server)
  const attacker = benchClient(base)
  const bystander = benchClient(base)
  await signUp(attacker, dataDir, 'attacker@example.com')
  await signUp(bystander, dataDir, 'bystander@example.com')

  const baseline = await probeDuring(bystander, new Promise((r) => setTimeout(r, 3000)))
  const bomb = new File([new Uint8Array(pngBomb(23170, 23170))], 'bomb.png', { type: 'image/png' })
  let refused = 0
  const attack = (async () => {
    for (let i = 0; i < bombs; i++) {
      const form = new FormData()
      form.append('files', bomb)
      await attacker.ok(mediaApi.describe, { body: form }).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 400) refused++
        else throw err
      })
    }
  })()
  const during = await probeDuring(bystander, attack)
  await attack

  const p99 = quantile(during, 0.99)
  console.log(
    `png bomb x${bombs} (${refused} refused): bystander p99 ${ms(p99)} (baseline ${ms(
      quantile(baseline, 0.99),
    )}, ${during.length} probes), goal < ${GOAL_P99_MS} ms: ${p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`,
  )
} finally {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
