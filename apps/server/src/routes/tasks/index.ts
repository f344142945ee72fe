import type { FastifyInstance } from 'fastify'
import { tasksApi } from '@storyreel/core'
import { storageKeys } from '../../adapters/storage/storage'
import { AppError } from '../../http/app-error'
import { route } from '../../http/route'
import type { SessionUser } from '../../plugins/session'
import { sendStored } from '../../http/send-stored'
import { deleteRender } from '../../queue/task-life'
import { ownedTask, ownedTaskView, userTaskViews } from '../../services/task-views'

export async function taskRoutes(app: FastifyInstance) {
  const { db, storage } = app.services

  // The queue page asks /web/tasks/user?thumbnail=true; every task carries its thumbnail's URL,
  // so both lists are one handler.
  const listTasks = async (req: { user: SessionUser }) => userTaskViews(db, req.user.id)
  route(app, tasksApi.list, listTasks)
  route(app, tasksApi.listUser, listTasks)

  route(app, tasksApi.get, async (req) => ownedTaskView(db, req.user.id, req.params.id))

  route(app, tasksApi.result, async (req, res) => {
    const { id } = req.params
    const task = await ownedTask(db, req.user.id, id)
    if (task.state !== 'FINISHED' || !task.hasResult) throw new AppError('msg_task_not_finished')
    res.header('Content-Disposition', `inline; filename="video-${id}.mp4"`)
    return sendStored(req, res, storage, storageKeys.result(id), 'video/mp4', 'msg_task_not_found')
  })

  /** A narrated video's WebVTT captions; a video without narration has none. */
  route(app, tasksApi.captions, async (req, res) => {
    const { id } = req.params
    const task = await ownedTask(db, req.user.id, id)
    if (task.state !== 'FINISHED' || !task.hasResult) throw new AppError('msg_task_not_finished')
    const key = storageKeys.captions(id)
    return sendStored(req, res, storage, key, 'text/vtt; charset=utf-8', 'msg_not_found')
  })

  route(app, tasksApi.thumbnail, async (req) => {
    const task = await ownedTaskView(db, req.user.id, req.params.id)
    return { url: task.thumbnailUrl }
  })

  route(app, tasksApi.thumbnailImage, async (req, res) => {
    const { id } = req.params
    const task = await ownedTask(db, req.user.id, id)
    if (!task.hasThumbnail) throw new AppError('msg_task_not_found')
    const key = storageKeys.thumbnail(id)
    return sendStored(req, res, storage, key, 'image/jpeg', 'msg_task_not_found')
  })

  /** Marks the task DELETED (its worker sees it and stops) and removes its files. */
  route(app, tasksApi.delete, async (req) => {
    const task = await ownedTask(db, req.user.id, req.params.id)
    await deleteRender({ db, storage }, task)
    return null
  })
}
