import type PgBoss from 'pg-boss'
import { workRenderRanges } from './jobs/render-range'
import { workRenderVideo, type RenderDeps } from './jobs/render-video'
import type { SlotKind } from './render-slots'
import { startSupervisor } from './supervisor'

/**
 * Starts this process's job workers and the supervisor of dead workers' tasks: `slots.main`
 * render slots, each also drawing ranges of split renders when free, and `slots.short` slots for
 * short renders beside them (decision 018). The function it returns stops the supervisor and
 * makes running jobs stop and hand their work back, and resolves once the renders have, so the
 * queue's graceful stop that follows does not wait for a whole render.
 */
export function startWorkers(boss: PgBoss, deps: RenderDeps, slots: Record<SlotKind, number>) {
  const stopRenders = workRenderVideo(boss, deps, slots)
  const stopRanges = workRenderRanges(boss, deps, slots.main)
  const stopSupervisor = startSupervisor(boss, deps)
  return () => {
    stopSupervisor()
    stopRanges()
    return stopRenders()
  }
}
