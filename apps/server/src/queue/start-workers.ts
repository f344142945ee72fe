import type PgBoss from 'pg-boss'
import { workRenderRanges } from './jobs/render-range'
import { workRenderVideo, type RenderDeps } from './jobs/render-video'
import { startSupervisor } from './supervisor'

/**
 * Starts this process's job workers and the supervisor of dead workers' tasks. The function it
 * returns stops the supervisor and makes running jobs stop and hand their work back, so the
 * queue's graceful stop that follows does not wait for a whole render.
 */
export async function startWorkers(boss: PgBoss, deps: RenderDeps, concurrency: number) {
  const stopRenders = await workRenderVideo(boss, deps, concurrency)
  const stopRanges = workRenderRanges(boss, deps, concurrency)
  const stopSupervisor = startSupervisor(boss, deps)
  return () => {
    stopSupervisor()
    stopRanges()
    stopRenders()
  }
}
