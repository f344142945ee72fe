import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type * as Sdk from '@aws-sdk/client-s3'
import type { Storage } from './storage'

export interface S3Options {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Where files are copied to be read by ffmpeg and the canvas. */
  cacheDir: string
}

/**
 * S3-compatible object storage (AWS S3, MinIO, R2…), so workers on several machines share the
 * files. ffmpeg needs local files: localPath() downloads once into a cache folder.
 */
export function s3Storage(opts: S3Options): Storage {
  // The SDK loads with the first call: a process that never touches a file does without it.
  let loaded: Promise<{ sdk: typeof Sdk; client: Sdk.S3Client }> | undefined
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: opts.endpoint,
        region: opts.region,
        forcePathStyle: true,
        // Plain payloads: several S3-compatible stores do not take the chunked checksum trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      }),
    })))
  const Bucket = opts.bucket
  const cached = (key: string) => path.join(opts.cacheDir, ...key.split('/'))

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = []
    const { sdk, client } = await s3()
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }),
      )
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    return keys
  }

  return {
    async putFile(key, localFile) {
      const { size } = await stat(localFile)
      const { sdk, client } = await s3()
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(localFile),
          ContentLength: size,
        }),
      )
      await rm(localFile, { force: true })
    },
    async localPath(key) {
      const file = cached(key)
      if (await stat(file).catch(() => null)) return file
      await mkdir(path.dirname(file), { recursive: true })
      const { sdk, client } = await s3()
      const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }))
      const tmp = `${file}.${process.pid}.partial`
      await pipeline(res.Body as Readable, createWriteStream(tmp))
      await rename(tmp, file)
      return file
    },
    read(key, range) {
      // Answer at once with a stream, fill it when S3 answers: the Storage interface is sync here.
      const out = new PassThrough()
      s3()
        .then(({ sdk, client }) =>
          client.send(
            new sdk.GetObjectCommand({
              Bucket,
              Key: key,
              Range: range ? `bytes=${range.start}-${range.end}` : undefined,
            }),
          ),
        )
        .then((res) => (res.Body as Readable).pipe(out))
        .catch((err: Error) => out.destroy(err))
      return out
    },
    async size(key) {
      const { sdk, client } = await s3()
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))
        return head.ContentLength ?? null
      } catch {
        return null
      }
    },
    async delete(key) {
      const { sdk, client } = await s3()
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }))
      await rm(cached(key), { force: true })
    },
    async deletePrefix(prefix) {
      const { sdk, client } = await s3()
      for (const key of await keysUnder(prefix)) {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }))
      }
      await rm(cached(prefix), { recursive: true, force: true })
    },
  }
}
