import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import { and, eq, inArray } from 'drizzle-orm'
import type { MediaFile } from '@storyreel/core'
import type { Db } from '../db/client'
import { media } from '../db/schema'
import { AppError } from '../lib/app-error'
import { sniffMediaType, storedExtension } from '../lib/file-type'
import { storageKeys, type Storage } from '../lib/storage'

export type MediaRow = typeof media.$inferSelect

export function toMediaFile(row: MediaRow): MediaFile {
  const url = `/api/web/tasks/user/uploads/${row.name}`
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

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Receives one uploaded file: streams it to a temporary file, checks its real type by its first
 * bytes, then moves it into storage under a new random name. Anything wrong leaves nothing behind.
 */
async function receiveFile(
  part: MultipartFile,
  userId: string,
  deps: { db: Db; storage: Storage; tmpDir: string },
): Promise<MediaRow> {
  await mkdir(deps.tmpDir, { recursive: true })
  const tmp = path.join(deps.tmpDir, randomUUID())
  try {
    await pipeline(part.file, createWriteStream(tmp))
    if (part.file.truncated) throw new AppError('msg_unsupported_file')
    const type = sniffMediaType(await readHead(tmp))
    if (!type) throw new AppError('msg_unsupported_file')
    const name = `${randomUUID()}${storedExtension(part.filename, type)}`
    const key = storageKeys.upload(userId, name)
    await deps.storage.putFile(key, tmp)
    const [row] = await deps.db
      .insert(media)
      .values({
        userId,
        name,
        originalName: part.filename.slice(0, 255),
        kind: type.kind,
        mime: type.mime,
        size: part.file.bytesRead,
      })
      .returning()
    return row!
  } finally {
    await rm(tmp, { force: true })
  }
}

/**
 * Takes every file part of a multipart request, all or nothing: if one file is refused, the ones
 * already stored by this request are removed again. Returns the stored rows and the text fields.
 */
export async function receiveUploads(
  parts: AsyncIterableIterator<Multipart>,
  userId: string,
  deps: { db: Db; storage: Storage; tmpDir: string },
): Promise<{ rows: MediaRow[]; fields: Record<string, string> }> {
  const rows: MediaRow[] = []
  const fields: Record<string, string> = {}
  try {
    for await (const part of parts) {
      if (part.type === 'file') rows.push(await receiveFile(part, userId, deps))
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
