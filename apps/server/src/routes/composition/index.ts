import type { FastifyInstance } from 'fastify'
import { compositionApi } from '@storyreel/core'
import { AppError } from '../../http/app-error'
import { requestSignal } from '../../http/request-signal'
import { route } from '../../http/route'
import { requireUser } from '../../plugins/session'
import { renderTimeLimit } from '../../queue/jobs/render-video'
import { queueRender } from '../../queue/task-life'
import { ownedMedia } from '../../services/uploads'

export async function compositionRoutes(app: FastifyInstance) {
  const { db, queue, env, ai } = app.services

  /**
   * A chat model composes when the server has an OpenAI key, the rules otherwise or when it
   * fails; msg_composition_generation_failed only when neither could.
   */
  route(app, compositionApi.create, async (req, res) => {
    const user = requireUser(req)
    const { imageDescriptions, suggestion, ratio } = req.body
    await ownedMedia(
      db,
      user.id,
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
  })

  route(app, compositionApi.render, async (req) => {
    const user = requireUser(req)
    const { composition } = req.body
    const deps = { db, boss: queue, timeLimit: renderTimeLimit(env) }
    const task = await queueRender(deps, user, composition)
    return { taskId: task.id }
  })
}
