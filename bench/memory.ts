/**
 * bench/memory: the idle server's memory, and whether renders make it grow (decision 015).
 *
 * Starts the server the way a user does (`npm start` at the repo root, in a process group of
 * its own), on the embedded database and, when PostgreSQL answers, on PostgreSQL. It measures
 * the resident memory of the whole group once idle, then renders short silent videos through the
 * API one after another (users sign up through the e-mail code, upload pictures, compose, render,
 * wait for FINISHED), measuring the idle group again after every `--every` renders.
 * Goal: under 300 MB, and flat across the renders.
 *
 *   npm run memory -w @storyreel/bench [-- --renders 50 --every 10 --db both|pglite|postgres]
 *
 * The videos are 320 px wide, of 320x240 pictures, unless `--width` (the video's) and
 * `--photo-width` (the pictures', 4:3) say otherwise: `--width 1080 --photo-width 4000` renders
 * what a phone user's would be.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { PLANS } from '@storyreel/core'
import { benchClient, signUp, type BenchClient } from './support/api-client'
import { groupMemory } from './support/group-memory'
import { memoryVerdict, type IdleSample } from './support/memory-verdict'
import { postgresReachable, tempDatabase } from './support/postgres'
import { startApp } from './support/server-process'
import { composeShortVideo, picture, requestRender, waitSettled } from './support/short-video'

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '50' },
    every: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    'limit-mb': { type: 'string', default: '300' },
    'tolerance-mb': { type: 'string', default: '25' },
    seconds: { type: 'string', default: '1.5' },
    width: { type: 'string', default: '320' },
    'photo-width': { type: 'string', default: '320' },
    narrated: { type: 'boolean', default: false },
  },
})
const renders = Number(values.renders)
const every = Number(values.every)
const limitMb = Number(values['limit-mb'])
const toleranceMb = Number(values['tolerance-mb'])
const photoWidth = Number(values['photo-width'])
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
/** Renders per user: a free account's monthly limit, so that nobody meets it. */
const RENDERS_PER_USER = PLANS.FREE.monthlyVideoLimit
/** How long the server is left alone before an idle measure. */
const SETTLE_MS = 3000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const mb = (n: number) => `${n.toFixed(0)} MB`

/** The group's memory once idle: the middle of three measures a second apart. */
async function idleMemory(pgid: number) {
  await sleep(SETTLE_MS)
  const measures = []
  for (let i = 0; i < 3; i++) {
    if (i > 0) await sleep(1000)
    measures.push(await groupMemory(pgid))
  }
  measures.sort((a, b) => a.totalMb - b.totalMb)
  return measures[1]!
}

async function benchOne(db: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bench-memory-'))
  const database = db === 'postgres' ? await tempDatabase() : null
  const { server, base } = await startApp(repoRoot, dataDir, {
    DATABASE_URL: database?.url,
    // Each user signs up from an address of their own (support/api-client.ts).
    TRUST_PROXY: '127.0.0.1',
  }).catch(async (err: unknown) => {
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
    throw err
  })
  const samples: IdleSample[] = []
  try {
    const first = await idleMemory(server.pgid)
    console.log(`\n${db}: idle before any render: ${mb(first.totalMb)} (the process group)`)
    for (const p of first.processes) {
      console.log(`  ${mb(p.rssMb).padStart(7)}  ${p.command.slice(0, 110)}`)
    }
    samples.push({ renders: 0, groupMb: first.totalMb })

    let user: { client: BenchClient; composition: Awaited<ReturnType<typeof composeShortVideo>> }
    for (let i = 0; i < renders; i++) {
      if (i % RENDERS_PER_USER === 0) {
        const n = i / RENDERS_PER_USER
        const client = benchClient(base, { forwardedFor: `10.1.${n >> 8}.${n & 255}` })
        await signUp(client, dataDir, `memory-${n}@example.com`)
        const files = await Promise.all(
          [0, 1].map((k) => picture(n * 2 + k, photoWidth, Math.round(photoWidth * 0.75))),
        )
        const composition = await composeShortVideo(client, files, {
          seconds: Number(values.seconds),
          width: Number(values.width),
          narrated: values.narrated,
        })
        user = { client, composition }
      }
      const taskId = await requestRender(user!.client, user!.composition)
      const task = await waitSettled(user!.client, taskId, { everyMs: 250 })
      if (task.state !== 'FINISHED') throw new Error(`render ${i + 1} ended ${task.state}`)
      if ((i + 1) % every === 0 || i + 1 === renders) {
        const idle = await idleMemory(server.pgid)
        const biggest = idle.processes[0]
        console.log(
          `${db}: idle after ${String(i + 1).padStart(3)} renders: ${mb(idle.totalMb)} (largest process ${mb(biggest?.rssMb ?? 0)})`,
        )
        samples.push({ renders: i + 1, groupMb: idle.totalMb })
      }
    }
  } finally {
    await server.stop()
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  const verdict = memoryVerdict(samples, { limitMb, toleranceMb })
  console.log(
    `${db}: verdict: ${verdict.underLimit ? 'under' : 'NOT under'} ${limitMb} MB, ` +
      `${verdict.flat ? 'flat' : 'NOT flat'} (growth ${mb(verdict.growthMb)} after the first ` +
      `${every} renders, tolerance ${toleranceMb} MB): ${verdict.ok ? 'met' : 'NOT met'}`,
  )
  return verdict.ok
}

const kinds: ('pglite' | 'postgres')[] =
  values.db === 'pglite'
    ? ['pglite']
    : values.db === 'postgres'
      ? ['postgres']
      : ['pglite', 'postgres']
let ok = true
for (const kind of kinds) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('\npostgres: not reachable (BENCH_DATABASE_URL): skipped')
    continue
  }
  ok = (await benchOne(kind)) && ok
}
process.exitCode = ok ? 0 : 1
