import { storageKeys, type Storage } from '../../adapters/storage/storage'
import type { Db } from '../../db/client'
import { deleteTask, type TaskRow } from '../../services/render-tasks'

/**
 * The owner deletes the task: it is marked DELETED, which its run, if one renders it, sees at
 * its next beat and stops, and its files go at once.
 */
export async function deleteRender(deps: { db: Db; storage: Storage }, task: TaskRow) {
  if (task.state === 'DELETED') return
  await deleteTask(deps.db, task.id)
  await deps.storage.deletePrefix(storageKeys.taskDir(task.id))
}
