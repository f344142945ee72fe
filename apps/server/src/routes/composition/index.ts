import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import {
  CreateCompositionBodySchema,
  FrameBodySchema,
  isVideoLimitReached,
  RenderBodySchema,
} from '@storyreel/core'
import { tasks } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { storageKeys } from '../../lib/storage'
import { requireUser } from '../../plugins/session'
import { enqueueRender } from '../../queue/render-queue'
import { compose } from '../../services/composer'
import { updateTask } from '../../services/tasks'
import { ownedMedia } from '../../services/uploads'
import { rendersThisPeriod } from '../../services/video-limit'

export async function compositionRoutes(app: FastifyInstance) {
  const { db, storage } = app.services

  app.post('/composition/create', async (req) => {
    const user = requireUser(req)
    const body = CreateCompositionBodySchema.parse(req.body)
    await ownedMedia(
      db,
      user.id,
      body.imageDescriptions.map((d) => d.filename),
    )
    return { data: { content: compose(body.imageDescriptions, body.suggestion) }, message: null }
  })

  app.post('/composition/render', async (req) => {
    const user = requireUser(req)
    const { composition } = RenderBodySchema.parse(req.body)
    await ownedMedia(
      db,
      user.id,
      composition.composition.map((s) => s.filename),
    )
    // One render request per user at a time, so two quick clicks cannot both pass the limit.
    const task = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${user.id}))`)
      if (isVideoLimitReached(await rendersThisPeriod(tx, user), user.plan)) {
        throw new AppError('msg_video_limit_reached')
      }
      const [row] = await tx
        .insert(tasks)
        .values({ userId: user.id, composition: { ...composition, renderedVideoUrl: null } })
        .returning()
      return row!
    })
    try {
      const jobId = await enqueueRender(app.services.queue, { taskId: task.id })
      await updateTask(db, task.id, { jobId })
    } catch (err) {
      await updateTask(db, task.id, {
        state: 'CANCELLED',
        error: 'The render could not be queued.',
      })
      throw err
    }
    return { data: { taskId: task.id }, message: null }
  })

  /**
   * A JPEG of one instant of a slide through the same engine as the render, for the editor's
   * live preview: what the user sees is what the video shows.
   */
  app.post('/composition/frame', async (req, res) => {
    const user = requireUser(req)
    const { composition, slideIndex, t } = FrameBodySchema.parse(req.body)
    const slide = composition.composition[slideIndex]!
    const [row] = await ownedMedia(db, user.id, [slide.filename])
    const file = await storage.localPath(storageKeys.upload(user.id, row!.name))
    const { renderFrame } = await import('@storyreel/render/node')
    const jpeg = await renderFrame({ composition, slideIndex, t, resolveMedia: () => file })
    return res.header('Content-Type', 'image/jpeg').header('Cache-Control', 'no-store').send(jpeg)
  })
}
