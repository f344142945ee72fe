import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { mediaApi, UPLOAD_RULES } from '@storyreel/core'
import { storageKeys } from '../../adapters/storage/storage'
import { AppError } from '../../http/app-error'
import { route } from '../../http/route'
import { sendStored } from '../../http/send-stored'
import { requireUser } from '../../plugins/session'
import { describeMedia } from '../../services/analyze-media'
import {
  deleteUpload,
  ensurePreview,
  listMedia,
  ownedMedia,
  receiveUploads,
  removeMedia,
  toMediaFile,
} from '../../services/uploads'

export async function mediaRoutes(app: FastifyInstance) {
  const { db, storage, env } = app.services
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH }
  const deps = { db, storage, tmpDir: path.join(env.DATA_DIR, 'tmp'), tools }

  /** Stores the uploaded files and describes each by analysing its pixels. */
  route(app, mediaApi.describe, async (req, res) => {
    const user = requireUser(req)
    const refuse = (err: unknown) => {
      // The rest of a refused body is not read: the connection closes after the answer.
      res.header('connection', 'close')
      throw err
    }
    // A body declared too large is refused before it is read; a streamed one is counted.
    if (Number(req.headers['content-length']) > UPLOAD_RULES.maxRequestBytes) {
      refuse(new AppError('msg_request_too_large'))
    }
    const { rows } = await receiveUploads(req.parts(), user.id, deps).catch(refuse)
    try {
      const descriptions = []
      for (const row of rows) {
        const file = await storage.localPath(storageKeys.upload(user.id, row.name))
        const description = await describeMedia(file, row.name, row.kind, tools)
        descriptions.push({ ...description, mediaFile: toMediaFile(row) })
      }
      return { descriptions }
    } catch (err) {
      // A file that passed the type check but cannot be decoded is refused like any bad file.
      req.log.info({ err }, 'media analysis failed')
      await removeMedia(rows, deps)
      throw new AppError('msg_unsupported_file')
    }
  })

  route(app, mediaApi.describeStored, async (req) => {
    const user = requireUser(req)
    const rows = await ownedMedia(db, user.id, req.body.names)
    const byName = new Map(rows.map((row) => [row.name, row]))
    const descriptions = []
    for (const name of req.body.names) {
      const row = byName.get(name)!
      const file = await storage.localPath(storageKeys.upload(user.id, name))
      const description = await describeMedia(file, name, row.kind, tools)
      descriptions.push({ ...description, mediaFile: toMediaFile(row) })
    }
    return { descriptions }
  })

  route(app, mediaApi.listUploads, async (req) => {
    const rows = await listMedia(db, requireUser(req).id)
    const compressed = req.query.compressed === 'true'
    return rows.map((row) => toMediaFile(row, { compressed }))
  })

  route(app, mediaApi.getUpload, async (req, res) => {
    const user = requireUser(req)
    const { name } = req.params
    const [row] = await ownedMedia(db, user.id, [name]).catch(() => [])
    if (!row) throw new AppError('msg_media_not_found')
    const key = storageKeys.upload(user.id, name)
    return sendStored(req, res, storage, key, row.mime, 'msg_media_not_found')
  })

  route(app, mediaApi.getUploadPreview, async (req, res) => {
    const user = requireUser(req)
    const [row] = await ownedMedia(db, user.id, [req.params.name]).catch(() => [])
    if (!row) throw new AppError('msg_media_not_found')
    const key = await ensurePreview(row, deps).catch((err: unknown) => {
      req.log.info({ err }, 'preview failed')
      throw new AppError('msg_media_not_found')
    })
    return sendStored(req, res, storage, key, 'image/webp', 'msg_media_not_found')
  })

  route(app, mediaApi.deleteUpload, async (req) => {
    await deleteUpload(deps, requireUser(req).id, req.params.name)
    return null
  })
}
