import type { FastifyInstance } from 'fastify'
import { compositionApi, PREVIEW_FRAME_LIMITS, renderTimeLimitSeconds } from '@storyreel/core'
import { storageKeys } from '../../adapters/storage/storage'
import { route } from '../../http/route'
import { requireUser } from '../../plugins/session'
import { enqueueRenderVideo, renderTimeLimit } from '../../queue/jobs/render-video'
import { compose } from '../../services/composer'
import { openPreviewFrames } from '../../services/preview-frames'
import { attachJob, cancelUnqueued, requestRender } from '../../services/render-tasks'
import { ownedMedia } from '../../services/uploads'

export async function compositionRoutes(app: FastifyInstance) {
  const { db, storage, queue, env } = app.services
  const frames = openPreviewFrames({ ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH })
  app.addHook('onClose', () => frames.close())

  route(app, compositionApi.create, async (req) => {
    const user = requireUser(req)
    const { imageDescriptions, suggestion } = req.body
    await ownedMedia(
      db,
      user.id,
      imageDescriptions.map((d) => d.filename),
    )
    return { content: compose(imageDescriptions, suggestion) }
  })

  route(app, compositionApi.render, async (req) => {
    const user = requireUser(req)
    const { composition } = req.body
    const task = await requestRender(db, user, composition)
    try {
      const limit = renderTimeLimitSeconds(composition, renderTimeLimit(env))
      await attachJob(db, task.id, await enqueueRenderVideo(queue, { taskId: task.id }, limit))
    } catch (err) {
      await cancelUnqueued(db, task.id)
      throw err
    }
    return { taskId: task.id }
  })

  /**
   * A JPEG of one instant of a slide through the same engine as the render, for the editor's
   * live preview: what the user sees is what the video shows.
   */
  route(
    app,
    compositionApi.frame,
    async (req, res) => {
      const user = requireUser(req)
      const slide = req.body.composition.composition[req.body.slideIndex]!
      const jpeg = await frames.draw(user.id, req.body, async () => {
        const [row] = await ownedMedia(db, user.id, [slide.filename])
        return storage.localPath(storageKeys.upload(user.id, row!.name))
      })
      return res.header('Content-Type', 'image/jpeg').header('Cache-Control', 'no-store').send(jpeg)
    },
    {
      config: {
        rateLimit: {
          max: PREVIEW_FRAME_LIMITS.perSecond,
          timeWindow: 1000,
          keyGenerator: (req) => req.user?.id ?? req.ip,
        },
      },
    },
  )
}
