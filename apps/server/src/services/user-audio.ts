import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Multipart } from '@fastify/multipart'
import { and, desc, eq, notExists, notInArray, sql } from 'drizzle-orm'
import {
  AUDIO_UPLOAD_RULES,
  FINAL_TASK_STATES,
  isBuiltInTrack,
  userAudioUrl,
  type AudioFile,
  type Composition,
} from '@storyreel/core'
import type { Db } from '../db/client'
import { media, tasks } from '../db/schema'
import { AppError } from '../http/app-error'
import { asBodyError } from '../http/body-error'
import { detectAudioType } from '../lib/audio-type'
import { cleanOriginalName } from '../lib/original-name'
import { storageKeys } from '../adapters/storage/storage'
import { inspectAudio } from './inspect-audio'
import { quotaLeft, insertWithinQuota } from './storage-quota'
import {
  bodyParts,
  removeMedia,
  requestMeter,
  type LibraryRow,
  type UploadAllowance,
  type UploadDeps,
} from './uploads'
import { lockUser } from './user-lock'

export function toAudioFile(row: LibraryRow): AudioFile {
  return {
    name: row.name,
    originalName: row.originalName,
    path: userAudioUrl(row.name),
    size: row.size,
    duration: row.duration ?? 0,
    loudness: row.loudness,
    lastModified: row.createdAt.toISOString(),
  }
}

/** One audio file's limit, or what is left of the user's quota when that is less. */
export async function audioAllowance(db: Db, userId: string): Promise<UploadAllowance> {
  const left = await quotaLeft(db, userId)
  return left < AUDIO_UPLOAD_RULES.maxBytes
    ? { bytes: Math.max(0, left), refusal: 'msg_storage_quota_exceeded' }
    : { bytes: AUDIO_UPLOAD_RULES.maxBytes, refusal: 'msg_unsupported_audio' }
}

/**
 * Keeps an audio file received into `tmp`: its real type by its bytes, music by ffprobe and a
 * full decode, counted against the plan's quota, then moved into storage beside the user's
 * uploads under a new random name with its real type's extension.
 */
async function keepAudio(
  tmp: string,
  originalName: string,
  userId: string,
  deps: UploadDeps,
): Promise<LibraryRow> {
  const type = await detectAudioType(tmp)
  if (!type) throw new AppError('msg_unsupported_audio')
  const { seconds: duration, loudness } = await inspectAudio(tmp, deps.tools)
  const { size } = await stat(tmp)
  const row = await insertWithinQuota(deps.db, {
    userId,
    name: `${randomUUID()}${type.extension}`,
    originalName: cleanOriginalName(originalName),
    kind: 'audio',
    mime: type.mime,
    size,
    duration,
    loudness,
  })
  try {
    await deps.storage.putFile(storageKeys.upload(userId, row.name), tmp)
  } catch (err) {
    await removeMedia([row], deps)
    throw err
  }
  return row
}

/**
 * Takes the one audio file of a multipart request (a second one is refused, the first then
 * removed again), read no further than the allowance.
 */
export async function receiveAudio(
  parts: () => AsyncIterableIterator<Multipart>,
  userId: string,
  deps: UploadDeps,
  allowance: UploadAllowance,
): Promise<LibraryRow> {
  const meter = requestMeter(allowance)
  let kept: LibraryRow | null = null
  try {
    for await (const part of bodyParts(parts)) {
      if (part.type !== 'file') continue
      if (kept) throw new AppError('msg_unsupported_audio')
      await mkdir(deps.tmpDir, { recursive: true })
      const tmp = path.join(deps.tmpDir, randomUUID())
      try {
        await pipeline(part.file, meter(), createWriteStream(tmp)).catch((err: unknown) => {
          throw asBodyError(err)
        })
        if (part.file.truncated) throw new AppError('msg_unsupported_audio')
        kept = await keepAudio(tmp, part.filename, userId, deps)
      } finally {
        await rm(tmp, { force: true })
      }
    }
  } catch (err) {
    if (kept) await removeMedia([kept], deps)
    throw err
  }
  if (!kept) throw new AppError('msg_no_files')
  return kept
}

/** The user's audio files, newest first. */
export function listAudio(db: Db, userId: string): Promise<LibraryRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.kind, 'audio')))
    .orderBy(desc(media.createdAt))
}

/** One of the user's audio files by stored name; msg_media_not_found when it isn't theirs. */
export async function ownedAudio(db: Db, userId: string, name: string): Promise<LibraryRow> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.name, name), eq(media.kind, 'audio')))
  if (!row) throw new AppError('msg_media_not_found')
  return row
}

/** A composition's music is a built-in track, none, or one of the user's own audio files. */
export async function checkMusicOwner(db: Db, userId: string, composition: Composition) {
  const track = composition.movieParams.music?.track
  if (track && !isBuiltInTrack(track)) await ownedAudio(db, userId, track)
}

/**
 * Deletes one of the user's audio files unless a task of theirs that may still render has it as
 * its music, under the user's lock as deleteUpload does.
 */
export async function deleteAudio(
  deps: Pick<UploadDeps, 'db' | 'storage'>,
  userId: string,
  name: string,
) {
  await ownedAudio(deps.db, userId, name)
  const [row] = await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const usedByActiveTask = tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          notInArray(tasks.state, [...FINAL_TASK_STATES]),
          sql`${tasks.composition}->'movieParams'->'music'->>'track' = ${name}`,
        ),
      )
    return tx
      .delete(media)
      .where(
        and(
          eq(media.userId, userId),
          eq(media.name, name),
          eq(media.kind, 'audio'),
          notExists(usedByActiveTask),
        ),
      )
      .returning()
  })
  if (!row) throw new AppError('msg_media_in_use')
  await deps.storage.delete(storageKeys.upload(userId, name))
}
