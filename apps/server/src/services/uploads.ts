import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import { and, desc, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm'
import {
  FINAL_TASK_STATES,
  UPLOAD_RULES,
  uploadPreviewUrl,
  uploadUrl,
  type LibraryKind,
  type MediaFile,
  type MediaKind,
  type MessageCode,
} from '@storyreel/core'
import type { MediaTools } from '@storyreel/render/server'
import type { Db } from '../db/client'
import { media, tasks } from '../db/schema'
import { AppError } from '../http/app-error'
import { asBodyError } from '../http/body-error'
import { detectMediaType, storedExtension } from '../lib/media-type'
import { cleanOriginalName } from '../lib/original-name'
import { storageKeys, type Storage } from '../adapters/storage/storage'
import { inspectUpload } from './inspect-upload'
import { writePreview } from './previews'
import { insertWithinQuota, quotaLeft } from './storage-quota'
import { lockUser } from './user-lock'

/** Any file of the user's library: a picture, a clip or an audio file. */
export type LibraryRow = typeof media.$inferSelect
/** A picture or a clip: what a slide shows and the /media grid lists. */
export type MediaRow = LibraryRow & { kind: MediaKind }

/** `compressed`: the small preview as compressedUrl (the /media grid), else the picture itself. */
export function toMediaFile(row: MediaRow, opts: { compressed?: boolean } = {}): MediaFile {
  const url = uploadUrl(row.name)
  return {
    name: row.name,
    path: url,
    type: row.kind,
    compressedUrl: opts.compressed ? uploadPreviewUrl(row.name) : row.kind === 'image' ? url : null,
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

/** How many bytes of files one upload request may bring, and the answer to one that brings more. */
export interface UploadAllowance {
  bytes: number
  refusal: MessageCode
}

/** The request limit, or what is left of the user's quota when that is less. */
export async function uploadAllowance(db: Db, userId: string): Promise<UploadAllowance> {
  const left = await quotaLeft(db, userId)
  return left < UPLOAD_RULES.maxRequestBytes
    ? { bytes: Math.max(0, left), refusal: 'msg_storage_quota_exceeded' }
    : { bytes: UPLOAD_RULES.maxRequestBytes, refusal: 'msg_request_too_large' }
}

/**
 * Room in a request's Content-Length for what is not file content: each part's headers and the
 * text fields (a suggestion of at most 2,000 characters).
 */
const MULTIPART_FRAMING_BYTES = 64 * 1024

/** Whether a request's declared length is past its allowance: refused before it is read. */
export function declaredPastAllowance(
  contentLength: string | undefined,
  allowance: UploadAllowance,
): boolean {
  return Number(contentLength) > allowance.bytes + MULTIPART_FRAMING_BYTES
}

/**
 * Counts the bytes of all files of one request as they stream in: each file's stream goes
 * through a meter, which fails once the total passes the allowance, so reading stops there.
 */
export function requestMeter(allowance: UploadAllowance) {
  let received = 0
  return () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length
        if (received > allowance.bytes) done(new AppError(allowance.refusal))
        else done(null, chunk)
      },
    })
}

/**
 * Keeps a file received into `tmp` (an upload, a stock download): checks its real type by its
 * content and its container (trailing data cut off, oversized pictures and clips refused), makes
 * its preview, counts it against the plan's quota, then moves both into storage under a new
 * random name. Whatever fails, nothing of it is left behind but `tmp`, which the caller removes.
 */
export async function keepFile(
  tmp: string,
  originalName: string,
  userId: string,
  deps: UploadDeps,
): Promise<MediaRow> {
  const type = await detectMediaType(tmp)
  if (!type) throw new AppError('msg_unsupported_file')
  const size = await inspectUpload(tmp, type, deps.tools)
  const preview = `${tmp}.webp`
  try {
    // A file that cannot be previewed cannot be decoded: it could not be shown or rendered.
    await writePreview(tmp, type.kind, preview, deps.tools).catch(() => {
      throw new AppError('msg_unsupported_file')
    })
    const cleanName = cleanOriginalName(originalName)
    const name = `${randomUUID()}${storedExtension(cleanName, type)}`
    // The quota counts the file alone: its preview is ours, tens of KB beside up to 50 MB.
    const row = {
      ...(await insertWithinQuota(deps.db, {
        userId,
        name,
        originalName: cleanName,
        kind: type.kind,
        mime: type.mime,
        size,
        sha256: await fileSha256(tmp),
      })),
      kind: type.kind,
    }
    // The same file again: the one already kept is the answer, nothing new is stored.
    if (row.name !== name) return row
    try {
      await deps.storage.putFile(storageKeys.upload(userId, name), tmp)
      await deps.storage.putFile(storageKeys.preview(userId, name), preview)
    } catch (err) {
      await removeMedia([row], deps)
      throw err
    }
    return row
  } finally {
    await rm(preview, { force: true })
  }
}

/** The file's SHA-256, hex: how the same file uploaded twice is recognised. */
async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Receives one uploaded file into a temporary file and keeps it (see keepFile). */
async function receiveFile(
  part: MultipartFile,
  userId: string,
  deps: UploadDeps,
  meter: () => Transform,
): Promise<MediaRow> {
  await mkdir(deps.tmpDir, { recursive: true })
  const tmp = path.join(deps.tmpDir, randomUUID())
  try {
    await pipeline(part.file, meter(), createWriteStream(tmp)).catch((err: unknown) => {
      throw asBodyError(err)
    })
    if (part.file.truncated) throw new AppError('msg_unsupported_file')
    return await keepFile(tmp, part.filename, userId, deps)
  } finally {
    await rm(tmp, { force: true })
  }
}

/**
 * The storage key of an upload's preview, made now for uploads stored before previews were. A
 * preview made while its upload was being deleted is deleted again.
 */
export async function ensurePreview(row: MediaRow, deps: UploadDeps): Promise<string> {
  const key = storageKeys.preview(row.userId, row.name)
  if ((await deps.storage.size(key)) !== null) return key
  const upload = storageKeys.upload(row.userId, row.name)
  await mkdir(deps.tmpDir, { recursive: true })
  const tmp = path.join(deps.tmpDir, `${randomUUID()}.webp`)
  try {
    await writePreview(await deps.storage.localPath(upload), row.kind, tmp, deps.tools)
    await deps.storage.putFile(key, tmp)
  } finally {
    await rm(tmp, { force: true })
  }
  if ((await deps.storage.size(upload)) === null) await deps.storage.delete(key)
  return key
}

async function deleteFiles(storage: Storage, userId: string, name: string) {
  await storage.delete(storageKeys.upload(userId, name))
  await storage.delete(storageKeys.preview(userId, name))
}

/** The parts of a multipart body, from the start of its parsing; its errors as asBodyError's. */
export async function* bodyParts(parts: () => AsyncIterableIterator<Multipart>) {
  try {
    yield* parts()
  } catch (err) {
    throw asBodyError(err)
  }
}

/**
 * Takes every file part of a multipart request, all or nothing: if one file is refused, the ones
 * already stored by this request are removed again. Together the files may weigh at most the
 * allowance (uploadAllowance). Returns the stored rows and the text fields.
 */
export async function receiveUploads(
  parts: () => AsyncIterableIterator<Multipart>,
  userId: string,
  deps: UploadDeps,
  allowance: UploadAllowance,
): Promise<{ rows: MediaRow[]; fields: Record<string, string> }> {
  const rows: MediaRow[] = []
  const fields: Record<string, string> = {}
  const meter = requestMeter(allowance)
  try {
    for await (const part of bodyParts(parts)) {
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

export async function removeMedia(rows: LibraryRow[], deps: { db: Db; storage: Storage }) {
  for (const row of rows) await deleteFiles(deps.storage, row.userId, row.name)
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
  await deleteFiles(deps.storage, userId, name)
}

/** What a slide may show: the user's audio files are never one. */
const VISUAL_KINDS: LibraryKind[] = ['image', 'video']

/**
 * The user's pictures and clips by stored name; throws msg_media_not_found for any that isn't
 * theirs, or isn't a picture or a clip.
 */
export async function ownedMedia(db: Db, userId: string, names: string[]): Promise<MediaRow[]> {
  const unique = [...new Set(names)]
  if (unique.length === 0) return []
  const rows = await db
    .select()
    .from(media)
    .where(
      and(eq(media.userId, userId), inArray(media.name, unique), inArray(media.kind, VISUAL_KINDS)),
    )
  if (rows.length !== unique.length) throw new AppError('msg_media_not_found')
  return rows as MediaRow[]
}

/** The user's pictures and clips, newest first: their audio files are listed apart. */
export async function listMedia(db: Db, userId: string): Promise<MediaRow[]> {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.kind, VISUAL_KINDS)))
    .orderBy(desc(media.createdAt))
  return rows as MediaRow[]
}
