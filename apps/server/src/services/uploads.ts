import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import { and, desc, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm'
import { FINAL_TASK_STATES, UPLOAD_RULES, uploadUrl, type MediaFile } from '@storyreel/core'
import type { MediaTools } from '@storyreel/render/server'
import type { Db } from '../db/client'
import { media, tasks } from '../db/schema'
import { AppError } from '../http/app-error'
import { detectMediaType, storedExtension } from '../lib/media-type'
import { cleanOriginalName } from '../lib/original-name'
import { storageKeys, type Storage } from '../adapters/storage/storage'
import { inspectUpload } from './inspect-upload'
import { insertWithinQuota } from './storage-quota'
import { lockUser } from './user-lock'

export type MediaRow = typeof media.$inferSelect

export function toMediaFile(row: MediaRow): MediaFile {
  const url = uploadUrl(row.name)
  return {
    name: row.name,
    path: url,
    type: row.kind,
    compressedUrl: row.kind === 'image' ? url : null,
    isExternalProvider: false,
    videoPath: row.kind === 'video' ? url : null,
    lastModified: row.createdAt.toISOString(),
  }
}

/** What receiving uploads needs: where rows and files go, a scratch folder, and ffprobe. */
export interface UploadDeps {
  db: Db
  storage: Storage
  tmpDir: string
  tools: MediaTools
}

/**
 * Counts the bytes of all files of one request as they stream in: each file's stream goes
 * through a meter, which fails once the total passes `limit`, so reading stops there.
 */
function requestMeter(limit: number) {
  let received = 0
  return () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length
        if (received > limit) done(new AppError('msg_request_too_large'))
        else done(null, chunk)
      },
    })
}

/**
 * Receives one uploaded file: streams it to a temporary file, checks its real type by its
 * content and its container (trailing data cut off, oversized pictures and clips refused), counts
 * it against the plan's quota, then moves it into storage under a new random name. Whatever
 * fails, nothing of it is left behind: no temporary file, no row, no stored file.
 */
async function receiveFile(
  part: MultipartFile,
  userId: string,
  deps: UploadDeps,
  meter: () => Transform,
): Promise<MediaRow> {
  await mkdir(deps.tmpDir, { recursive: true })
  const tmp = path.join(deps.tmpDir, randomUUID())
  try {
    await pipeline(part.file, meter(), createWriteStream(tmp))
    if (part.file.truncated) throw new AppError('msg_unsupported_file')
    const type = await detectMediaType(tmp)
    if (!type) throw new AppError('msg_unsupported_file')
    const size = await inspectUpload(tmp, type, deps.tools)
    const originalName = cleanOriginalName(part.filename)
    const name = `${randomUUID()}${storedExtension(originalName, type)}`
    const row = await insertWithinQuota(deps.db, {
      userId,
      name,
      originalName,
      kind: type.kind,
      mime: type.mime,
      size,
    })
    try {
      await deps.storage.putFile(storageKeys.upload(userId, name), tmp)
    } catch (err) {
      await removeMedia([row], deps)
      throw err
    }
    return row
  } finally {
    await rm(tmp, { force: true })
  }
}

/**
 * Takes every file part of a multipart request, all or nothing: if one file is refused, the ones
 * already stored by this request are removed again. Together the files may weigh at most
 * UPLOAD_RULES.maxRequestBytes. Returns the stored rows and the text fields.
 */
export async function receiveUploads(
  parts: AsyncIterableIterator<Multipart>,
  userId: string,
  deps: UploadDeps,
): Promise<{ rows: MediaRow[]; fields: Record<string, string> }> {
  const rows: MediaRow[] = []
  const fields: Record<string, string> = {}
  const meter = requestMeter(UPLOAD_RULES.maxRequestBytes)
  try {
    for await (const part of parts) {
      if (part.type === 'file') rows.push(await receiveFile(part, userId, deps, meter))
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value
    }
  } catch (err) {
    await removeMedia(rows, deps)
    throw err
  }
  if (rows.length === 0) throw new AppError('msg_no_files')
  return { rows, fields }
}

export async function removeMedia(rows: MediaRow[], deps: { db: Db; storage: Storage }) {
  for (const row of rows) await deps.storage.delete(storageKeys.upload(row.userId, row.name))
  if (rows.length > 0) {
    await deps.db.delete(media).where(
      inArray(
        media.id,
        rows.map((r) => r.id),
      ),
    )
  }
}

/**
 * Deletes one of the user's uploads unless a task of theirs that may still render (QUEUED or
 * EXECUTING) uses it: deleting it then would only make that render fail. The check and the
 * delete run under the user's lock, which render requests take too, so none can slip between.
 */
export async function deleteUpload(
  deps: { db: Db; storage: Storage },
  userId: string,
  name: string,
) {
  await ownedMedia(deps.db, userId, [name])
  const [row] = await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const usedByActiveTask = tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          notInArray(tasks.state, [...FINAL_TASK_STATES]),
          sql`${tasks.composition}->'composition' @> ${JSON.stringify([{ filename: name }])}::jsonb`,
        ),
      )
    return tx
      .delete(media)
      .where(and(eq(media.userId, userId), eq(media.name, name), notExists(usedByActiveTask)))
      .returning()
  })
  if (!row) throw new AppError('msg_media_in_use')
  await deps.storage.delete(storageKeys.upload(userId, name))
}

/** The user's media rows by stored name; throws msg_media_not_found for any that isn't theirs. */
export async function ownedMedia(db: Db, userId: string, names: string[]): Promise<MediaRow[]> {
  const unique = [...new Set(names)]
  if (unique.length === 0) return []
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.name, unique)))
  if (rows.length !== unique.length) throw new AppError('msg_media_not_found')
  return rows
}

/** The user's media, newest first. */
export function listMedia(db: Db, userId: string): Promise<MediaRow[]> {
  return db.select().from(media).where(eq(media.userId, userId)).orderBy(desc(media.createdAt))
}
