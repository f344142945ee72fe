import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import { nextJobQueue } from './pg-boss-tables'
import { registerLocalWorkers, RENDER_QUEUES, shortRenderQueue } from './task-life'

/**
 * A render slot of this process: a main slot takes any render, a short slot only renders of the
 * short queue, so that a short render never waits behind a long one (decision 018).
 */
export type SlotKind = 'main' | 'short'

/** The queues each kind of slot takes its renders from, in one fair order across them. */
export const SLOT_QUEUES: Record<SlotKind, string[]> = {
  main: RENDER_QUEUES,
  short: [shortRenderQueue.name],
}

/** A slot with nothing to do looks again this often, or at once when a render is queued here. */
const POLL_MS = 1000

export type RenderJob = PgBoss.JobWithMetadata<unknown>

/**
 * Starts the render slots: `slots.main` that take any render and `slots.short` that take short
 * ones, each one render at a time, in the users' fair order across the queues it takes from (the
 * job pg-boss would hand out next if they were one queue). A run that returns completes its job;
 * one that throws fails it, and pg-boss retries it as the queue's policy says. pg-boss's own
 * `work()` takes from one queue only, hence this loop. The function returned stops the slots and
 * resolves once their running renders have ended (they stop on their shutdown signal).
 */
export function workRenderSlots(
  boss: PgBoss,
  deps: { db: Db; log: FastifyBaseLogger },
  slots: Record<SlotKind, number>,
  run: (job: RenderJob, slot: SlotKind) => Promise<void>,
): () => Promise<void> {
  const shutdown = new AbortController()
  let wake = new AbortController()
  const unregister = registerLocalWorkers(boss, () => wake.abort())

  async function takeOne(slot: SlotKind): Promise<boolean> {
    const queue = await nextJobQueue(deps.db, SLOT_QUEUES[slot])
    if (!queue) return false
    const [job] = await boss.fetch(queue, { batchSize: 1, includeMetadata: true })
    // Another slot took it first: look again at once.
    if (!job) return true
    try {
      await run(job, slot)
      await boss.complete(queue, job.id)
    } catch (err) {
      await boss.fail(queue, job.id, { message: (err as Error).message })
    }
    return true
  }

  async function loop(slot: SlotKind) {
    while (!shutdown.signal.aborted) {
      const woken = wake.signal
      try {
        if (await takeOne(slot)) continue
      } catch (err) {
        if (shutdown.signal.aborted) return
        deps.log.warn({ err, slot }, 'render slot failed to take a job')
      }
      await sleep(POLL_MS, undefined, { signal: AbortSignal.any([shutdown.signal, woken]) }).catch(
        () => {},
      )
      // A wake-up serves every slot once; the next one needs a new signal.
      if (woken.aborted && woken === wake.signal) wake = new AbortController()
    }
  }

  const loops = (['main', 'short'] as const).flatMap((slot) =>
    Array.from({ length: slots[slot] }, () => loop(slot)),
  )
  return async () => {
    unregister()
    shutdown.abort()
    await Promise.all(loops)
  }
}
