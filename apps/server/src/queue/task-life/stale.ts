import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { storageKeys, type Storage } from '../../adapters/storage/storage'
import type { Db } from '../../db/client'
import { giveUpStale, releaseStale, type TaskRow } from '../../services/render-tasks'
import { RENDER_QUEUES } from './render-queues'

/**
 * A task whose run stopped beating (its worker killed, its machine gone): its job is failed, so
 * that pg-boss hands it to another worker, and the task waits for that retry; with no retry
 * left the task ends CANCELLED, and a split render's segments go. Harmless done twice: failing
 * a job already failed changes nothing, and each task change is guarded by the run that owned it.
 */
export async function recoverStale(
  deps: { boss: PgBoss; db: Db; storage: Storage; log: FastifyBaseLogger },
  task: TaskRow,
) {
  const { boss, db, log } = deps
  log.warn({ taskId: task.id }, 'render worker stopped; handing the task to another')
  const queue = task.jobId ? await queueOfJob(boss, task.jobId) : null
  if (queue) await boss.fail(queue, task.jobId!, { message: 'worker stopped' })
  const job = queue ? await boss.getJobById(queue, task.jobId!) : null
  if (job && job.state === 'retry') {
    await releaseStale(db, task)
  } else if (!job || job.state === 'failed') {
    log.error({ taskId: task.id }, 'render worker stopped too many times; giving up')
    await giveUpStale(db, task)
    await deps.storage.deletePrefix(storageKeys.split(task.id))
  }
}

/** The render queue that holds the job: a render's queue follows its estimated cost. */
async function queueOfJob(boss: PgBoss, jobId: string): Promise<string | null> {
  for (const queue of RENDER_QUEUES) {
    if (await boss.getJobById(queue, jobId)) return queue
  }
  return null
}
