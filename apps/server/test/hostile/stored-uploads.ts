import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { media } from '../../src/db/schema'
import type { TestServer } from '../test-server'

/** Every uploaded file on disk (name and size), and every media row, to compare the two. */
export async function storedUploads(server: TestServer) {
  const root = path.join(server.env.DATA_DIR, 'files', 'uploads')
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[])
  const files = new Map<string, number>()
  for (const entry of entries) {
    const info = await stat(path.join(root, entry))
    if (info.isFile()) files.set(path.basename(entry), info.size)
  }
  const rows = await server.app.services.db.select().from(media)
  const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])
  return { files, rows, tmp }
}
