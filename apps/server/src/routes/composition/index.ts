import type { FastifyInstance } from 'fastify'
import { compositionApi } from '@storyreel/core'
import { AppError } from '../../http/app-error'
import { perUserLimit } from '../../http/per-user-limit'
import { requestSignal } from '../../http/request-signal'
import { route } from '../../http/route'
import { renderTimeLimit } from '../../queue/jobs/render-video'
import { queueRender } from '../../queue/task-life'
import { ownedMedia } from '../../services/uploads'

/**
 * Compositions per signed-in user a minute: the upload screen asks once per compose, a person
 * trying suggestions a few times more.
 */
export const COMPOSES_PER_MINUTE = 10

export async function compositionRoutes(app: FastifyInstance) {
  const { db, queue, env, ai } = app.services

  /**
   * A chat model composes when the server has an OpenAI key, the rules otherwise or when it
   * fails; msg_composition_generation_failed only when neither could.
   */
  route(
    app,
    compositionApi.create,
    async (req, res) => {
      const { imageDescriptions, suggestion, ratio } = req.body
      await ownedMedia(
        db,
        req.user.id,
        imageDescriptions.map((d) => d.filename),
      )
      const signal = requestSignal(res)
      const content = await ai
        .compose(imageDescriptions, suggestion, ratio, { signal, log: req.log })
        .catch((err: unknown) => {
          if (signal.aborted) throw err
          req.log.error({ err }, 'composing failed')
          throw new AppError('msg_composition_generation_failed')
        })
      return { content }
    },
    { config: perUserLimit(COMPOSES_PER_MINUTE) },
  )

  route(app, compositionApi.render, async (req) => {
    const { user } = req
    const { composition } = req.body
    const deps = {
      db,
      boss: queue,
      timeLimit: renderTimeLimit(env),
      shortRenderSeconds: env.SHORT_RENDER_SECONDS,
    }
    const task = await queueRender(deps, user, composition)
    return { taskId: task.id }
  })
}
