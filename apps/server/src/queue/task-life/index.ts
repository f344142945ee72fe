/**
 * The life of a render task (SPEC section 4), in one place:
 *
 *   request -> QUEUED --claim--> EXECUTING --finish--> FINISHED
 *                 |                 |  ^ \--fail--> CANCELLED
 *                 |                 |  '--retry (AWAITING_EXECUTION)
 *                 '----- delete ----'-------> DELETED (from any state but DELETED)
 *
 * - render-queues.ts: the two render queues, long and short, by the render's estimated cost;
 * - queue-render.ts: the user's request and its job (queueRender), and the retry of a task whose
 *   user has another render running (retryWhenFree);
 * - heartbeat.ts: a running render's beats, on its task or, for a range of a split render, on
 *   its job; the render stops when a beat finds the work is no longer its own;
 * - end-run.ts: a run's end, finished (finishRun) or thrown (endRun), as run-outcome.ts decides;
 * - stale.ts: the supervisor's end for a run whose worker died (recoverStale);
 * - delete-render.ts: the owner's delete (deleteRender).
 *
 * Each change of state is one UPDATE in ../../services/render-tasks.ts, guarded by the states it
 * may leave, so two actors (a worker, the supervisor, the owner deleting) can never both win. A
 * run that claims the task gets a run id; only the run that owns the task may write its
 * heartbeat, finish it or fail it. A user has one task running at a time: a claim while another
 * of theirs runs is refused, and the task waits. How often a run beats, and the name of the
 * folder it works in, are in ../liveness.ts; the render itself is ../jobs/render-video.ts.
 */
export { deleteRender } from './delete-render'
export { endRun, finishRun } from './end-run'
export { startRangeHeartbeat, startRunHeartbeat } from './heartbeat'
export {
  queueRender,
  registerLocalWorkers,
  RenderVideoJobSchema,
  retryWhenFree,
} from './queue-render'
export { RENDER_QUEUES, renderQueueOf, renderVideoQueue, shortRenderQueue } from './render-queues'
export { recoverStale } from './stale'
