import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { audioApi } from '@storyreel/core'
import { route } from '../../http/route'
import { sendStored } from '../../http/send-stored'
import { storageKeys } from '../../adapters/storage/storage'
import { AppError } from '../../http/app-error'
import { declaredPastAllowance } from '../../services/uploads'
import {
  audioAllowance,
  deleteAudio,
  listAudio,
  ownedAudio,
  receiveAudio,
  toAudioFile,
} from '../../services/user-audio'

/** The user's own music files (decision 023): upload, list, play, delete; each its owner's only. */
export async function audioFileRoutes(app: FastifyInstance) {
  const { db, storage, env } = app.services
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH }
  const deps = { db, storage, tmpDir: path.join(env.DATA_DIR, 'tmp'), tools }

  route(app, audioApi.uploadAudio, async (req, res) => {
    const refuse = (err: unknown) => {
      // The rest of a refused body is not read: the connection closes after the answer.
      res.header('connection', 'close')
      throw err
    }
    const allowance = await audioAllowance(db, req.user.id)
    if (declaredPastAllowance(req.headers['content-length'], allowance)) {
      refuse(new AppError(allowance.refusal))
    }
    const row = await receiveAudio(() => req.parts(), req.user.id, deps, allowance).catch(refuse)
    return toAudioFile(row)
  })

  route(app, audioApi.listAudio, async (req) => {
    const rows = await listAudio(db, req.user.id)
    return rows.map(toAudioFile)
  })

  route(app, audioApi.getAudio, async (req, res) => {
    const row = await ownedAudio(db, req.user.id, req.params.name)
    const key = storageKeys.upload(req.user.id, row.name)
    return sendStored(req, res, storage, key, row.mime, 'msg_media_not_found')
  })

  route(app, audioApi.deleteAudio, async (req) => {
    await deleteAudio(deps, req.user.id, req.params.name)
    return null
  })
}
