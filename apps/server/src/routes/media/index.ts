import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { IMAGE_GENERATION_LIMITS, mediaApi, planAtLeast } from '@storyreel/core'
import { storageKeys } from '../../adapters/storage/storage'
import { AppError } from '../../http/app-error'
import { perUserLimit } from '../../http/per-user-limit'
import { route } from '../../http/route'
import { requestSignal } from '../../http/request-signal'
import { sendStored } from '../../http/send-stored'
import { checkDescribeBudget } from '../../services/describe-budget'
import { describeUploads } from '../../services/describe-uploads'
import { keepGeneratedImages } from '../../services/generated-images'
import {
  declaredPastAllowance,
  deleteUpload,
  ensurePreview,
  listMedia,
  ownedMedia,
  receiveUploads,
  removeMedia,
  toMediaFile,
  uploadAllowance,
} from '../../services/uploads'

/**
 * Describe requests per signed-in user a minute. The upload screen sends one per 200 MB of new
 * files and one for the files picked from the library, once per compose.
 */
export const DESCRIBES_PER_MINUTE = 20
export const STORED_DESCRIBES_PER_MINUTE = 10

export async function mediaRoutes(app: FastifyInstance) {
  const { db, storage, env, ai } = app.services
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH }
  const deps = { db, storage, ai, tmpDir: path.join(env.DATA_DIR, 'tmp'), tools }

  /**
   * Stores the uploaded files and describes each: by analysing its pixels, and with a vision
   * model too when the server has an OpenAI key (the suggestion field gives it the context).
   */
  route(
    app,
    mediaApi.describe,
    async (req, res) => {
      const refuse = (err: unknown) => {
        // The rest of a refused body is not read: the connection closes after the answer.
        res.header('connection', 'close')
        throw err
      }
      // Past the request limit or the quota: a body declared so is refused before it is read, a
      // streamed one as soon as it gets there.
      const allowance = await uploadAllowance(db, req.user.id)
      if (declaredPastAllowance(req.headers['content-length'], allowance)) {
        refuse(new AppError(allowance.refusal))
      }
      const { rows, fields } = await receiveUploads(
        () => req.parts(),
        req.user.id,
        deps,
        allowance,
      ).catch(refuse)
      try {
        const call = { signal: requestSignal(res), log: req.log }
        return { descriptions: await describeUploads(rows, fields.suggestion ?? '', deps, call) }
      } catch (err) {
        // A file that passed the type check but cannot be decoded is refused like any bad file.
        req.log.info({ err }, 'media analysis failed')
        await removeMedia(rows, deps)
        throw new AppError('msg_unsupported_file')
      }
    },
    { config: perUserLimit(DESCRIBES_PER_MINUTE) },
  )

  /**
   * Each file once, however often it is named (the app keys descriptions by name), and only
   * within the decoding budget of one request.
   */
  route(
    app,
    mediaApi.describeStored,
    async (req, res) => {
      const names = [...new Set(req.body.names)]
      const rows = await ownedMedia(db, req.user.id, names)
      const byName = new Map(rows.map((row) => [row.name, row]))
      const inOrder = names.map((name) => byName.get(name)!)
      await checkDescribeBudget(inOrder, deps)
      const call = { signal: requestSignal(res), log: req.log }
      return { descriptions: await describeUploads(inOrder, req.body.suggestion, deps, call) }
    },
    { config: perUserLimit(STORED_DESCRIBES_PER_MINUTE) },
  )

  /**
   * Images made from a prompt (PRO only), kept in the library like uploads. SPEC section 6: more
   * than one image at once asks for a higher subscription; only DALL·E 2 makes several.
   */
  route(
    app,
    mediaApi.generateImages,
    async (req, res) => {
      const { user } = req
      if (!planAtLeast(user.plan, 'PRO') || (req.body.model === 'dall-e-3' && req.body.n > 1)) {
        throw new AppError('msg_higher_subscription_required')
      }
      const call = { signal: requestSignal(res), log: req.log }
      const images = await ai.generateImages(req.body, call)
      const rows = await keepGeneratedImages(images, user.id, deps)
      return rows.map((row) => {
        const mediaFile = toMediaFile(row, { compressed: true })
        return { path: mediaFile.path, mediaFile }
      })
    },
    { config: perUserLimit(IMAGE_GENERATION_LIMITS.requestsPerMinute) },
  )

  route(app, mediaApi.listUploads, async (req) => {
    const rows = await listMedia(db, req.user.id)
    const compressed = req.query.compressed === 'true'
    return rows.map((row) => toMediaFile(row, { compressed }))
  })

  route(app, mediaApi.getUpload, async (req, res) => {
    const { user } = req
    const { name } = req.params
    const [row] = await ownedMedia(db, user.id, [name]).catch(() => [])
    if (!row) throw new AppError('msg_media_not_found')
    const key = storageKeys.upload(user.id, name)
    return sendStored(req, res, storage, key, row.mime, 'msg_media_not_found')
  })

  route(app, mediaApi.getUploadPreview, async (req, res) => {
    const { user } = req
    const [row] = await ownedMedia(db, user.id, [req.params.name]).catch(() => [])
    if (!row) throw new AppError('msg_media_not_found')
    const key = await ensurePreview(row, deps).catch((err: unknown) => {
      req.log.info({ err }, 'preview failed')
      throw new AppError('msg_media_not_found')
    })
    return sendStored(req, res, storage, key, 'image/webp', 'msg_media_not_found')
  })

  route(app, mediaApi.deleteUpload, async (req) => {
    await deleteUpload(deps, req.user.id, req.params.name)
    return null
  })
}
