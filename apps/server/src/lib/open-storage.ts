import path from 'node:path'
import type { Env } from '../env'
import { s3Storage } from './s3-storage'
import { localStorage, type Storage } from './storage'

/** The file store the environment names: S3-compatible when configured, else DATA_DIR/files. */
export function openStorage(env: Env): Storage {
  if (env.S3_ENDPOINT) {
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      cacheDir: path.join(env.DATA_DIR, 'cache'),
    })
  }
  return localStorage(path.join(env.DATA_DIR, 'files'))
}
