import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { CreateCompositionBodySchema, isVideoLimitReached, RenderBodySchema } from '@storyreel/core'
import { tasks } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { requireUser } from '../../plugins/session'
import { enqueueRender } from '../../queue/render-queue'
import { compose } from '../../services/composer'
import { updateTask } from '../../services/tasks'
import { ownedMedia } from '../../services/uploads'
import { rendersThisPeriod } from '../../services/video-limit'

export async function compositionRoutes(app: FastifyInstance) {
  const { db } = app.services

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
}
