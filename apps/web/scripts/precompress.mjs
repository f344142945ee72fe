// Writes a Brotli (.br) and a gzip (.gz) copy beside each compressible file of the build, once,
// at the highest levels: the server sends them as they are (no compression per request).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(process.argv[2] ?? 'dist')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/
// Below this, the headers cost more than the bytes saved.
const MIN_BYTES = 1024

for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const body = await readFile(file)
  if (body.length < MIN_BYTES) continue
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
  await writeFile(`${file}.br`, br)
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
}
