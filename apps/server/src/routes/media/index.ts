import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { and, desc, eq } from 'drizzle-orm'
import { MediaNameSchema } from '@storyreel/core'
import { z } from 'zod'
import { media } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { sendStored } from '../../lib/send-stored'
import { storageKeys } from '../../lib/storage'
import { requireUser } from '../../plugins/session'
import { describeMedia } from '../../services/analyze-media'
import { ownedMedia, receiveUploads, removeMedia, toMediaFile } from '../../services/uploads'

const NameParamsSchema = z.object({ name: MediaNameSchema })

export async function mediaRoutes(app: FastifyInstance) {
  const { db, storage, env } = app.services
  const deps = { db, storage, tmpDir: path.join(env.DATA_DIR, 'tmp') }
  const tools = { ffmpegPath: env.FFMPEG_PATH }

  /** Stores the uploaded files and describes each by analysing its pixels. */
  app.post('/media/describe', async (req) => {
    const user = requireUser(req)
    const { rows } = await receiveUploads(req.parts(), user.id, deps)
    try {
      const descriptions = []
      for (const row of rows) {
        const file = await storage.localPath(storageKeys.upload(user.id, row.name))
        const description = await describeMedia(file, row.name, row.kind, tools)
        descriptions.push({ ...description, mediaFile: toMediaFile(row) })
      }
      return { data: { descriptions }, message: null }
    } catch (err) {
      // A file that passed the type check but cannot be decoded is refused like any bad file.
      req.log.info({ err }, 'media analysis failed')
      await removeMedia(rows, deps)
      throw new AppError('msg_unsupported_file')
    }
  })

  app.get('/web/tasks/user/uploads', async (req) => {
    const user = requireUser(req)
    const rows = await db
      .select()
      .from(media)
      .where(eq(media.userId, user.id))
      .orderBy(desc(media.createdAt))
    return { data: rows.map(toMediaFile), message: null }
  })

  app.get('/web/tasks/user/uploads/:name', async (req, res) => {
    const user = requireUser(req)
    const { name } = NameParamsSchema.parse(req.params)
    const [row] = await ownedMedia(db, user.id, [name]).catch(() => [])
    if (!row) throw new AppError('msg_media_not_found')
    return sendStored(
      req,
      res,
      storage,
      storageKeys.upload(user.id, name),
      row.mime,
      'msg_media_not_found',
    )
  })

  app.delete('/web/tasks/user/uploads/:name', async (req) => {
    const user = requireUser(req)
    const { name } = NameParamsSchema.parse(req.params)
    const [row] = await db
      .select()
      .from(media)
      .where(and(eq(media.userId, user.id), eq(media.name, name)))
    if (!row) throw new AppError('msg_media_not_found')
    await removeMedia([row], deps)
    return { data: null, message: null }
  })
}
