import type { FastifyInstance } from 'fastify'
import { TaskIdParamsSchema } from '@storyreel/core'
import { AppError } from '../../lib/app-error'
import { sendStored } from '../../lib/send-stored'
import { storageKeys } from '../../lib/storage'
import { requireUser } from '../../plugins/session'
import { ownedTask, ownedTaskView, updateTask, userTaskViews } from '../../services/tasks'

export async function taskRoutes(app: FastifyInstance) {
  const { db, storage } = app.services

  app.get('/web/tasks', async (req) => {
    const user = requireUser(req)
    return { data: await userTaskViews(db, user.id), message: null }
  })

  // The queue page's list; every task already carries its thumbnail's URL.
  app.get('/web/tasks/user', async (req) => {
    const user = requireUser(req)
    return { data: await userTaskViews(db, user.id), message: null }
  })

  app.get('/web/tasks/:id', async (req) => {
    const user = requireUser(req)
    const { id } = TaskIdParamsSchema.parse(req.params)
    return { data: await ownedTaskView(db, user.id, id), message: null }
  })

  app.get('/web/tasks/result/:id', async (req, res) => {
    const user = requireUser(req)
    const { id } = TaskIdParamsSchema.parse(req.params)
    const task = await ownedTask(db, user.id, id)
    if (task.state !== 'FINISHED' || !task.hasResult) throw new AppError('msg_task_not_finished')
    res.header('Content-Disposition', `inline; filename="video-${id}.mp4"`)
    return sendStored(req, res, storage, storageKeys.result(id), 'video/mp4', 'msg_task_not_found')
  })

  app.get('/web/tasks/thumbnail/:id', async (req) => {
    const user = requireUser(req)
    const { id } = TaskIdParamsSchema.parse(req.params)
    const task = await ownedTaskView(db, user.id, id)
    return { data: { url: task.thumbnailUrl }, message: null }
  })

  app.get('/web/tasks/thumbnail/:id/image', async (req, res) => {
    const user = requireUser(req)
    const { id } = TaskIdParamsSchema.parse(req.params)
    const task = await ownedTask(db, user.id, id)
    if (!task.hasThumbnail) throw new AppError('msg_task_not_found')
    return sendStored(
      req,
      res,
      storage,
      storageKeys.thumbnail(id),
      'image/jpeg',
      'msg_task_not_found',
    )
  })

  /** Marks the task DELETED (its worker sees it and stops) and removes its files. */
  app.delete('/web/tasks/:id', async (req) => {
    const user = requireUser(req)
    const { id } = TaskIdParamsSchema.parse(req.params)
    const task = await ownedTask(db, user.id, id)
    if (task.state !== 'DELETED') {
      await updateTask(db, id, {
        state: 'DELETED',
        subtask: null,
        progress: null,
        hasResult: false,
        hasThumbnail: false,
      })
      await storage.deletePrefix(storageKeys.taskDir(id))
    }
    return { data: null, message: null }
  })
}
