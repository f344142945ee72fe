import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { UPLOAD_RULES } from '@storyreel/core'
import { DownloadError } from '../adapters/stock/safe-download'
import type { Stock } from '../adapters/stock/stock'
import { AppError } from '../http/app-error'
import { keepFile, type MediaRow, type UploadDeps } from './uploads'

function toAppError(err: unknown): unknown {
  if (!(err instanceof DownloadError)) return err
  // Too large reads like an upload over the limit: the same rule refused it.
  if (err.reason === 'too-large') return new AppError('msg_unsupported_file')
  if (err.reason === 'refused') return new AppError('msg_download_refused')
  return new AppError('msg_stock_unavailable')
}

/** The file's name as the provider's URL gives it (its last path segment), for the library. */
function nameInUrl(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Copies a stock item into the user's library: downloaded through the adapter's guard (only the
 * providers' media hosts, at most the upload limit), then kept exactly like an upload, with the
 * same type, pixel, clip and quota checks, and its preview.
 */
export async function downloadStockMedia(
  url: string,
  userId: string,
  deps: UploadDeps & { stock: Stock },
  log: FastifyBaseLogger,
): Promise<MediaRow> {
  await mkdir(deps.tmpDir, { recursive: true })
  const tmp = path.join(deps.tmpDir, randomUUID())
  try {
    await deps.stock.download(url, tmp, UPLOAD_RULES.maxBytes).catch((err: unknown) => {
      log.info({ err, url }, 'stock download stopped')
      throw toAppError(err)
    })
    return await keepFile(tmp, nameInUrl(url), userId, deps)
  } finally {
    await rm(tmp, { force: true })
  }
}
