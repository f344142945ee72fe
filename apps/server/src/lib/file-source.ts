import { open } from 'node:fs/promises'
import type { ByteSource } from './byte-reader'

/** Runs `use` with random access to a file's bytes, and closes the file after. */
export async function withFileSource<T>(file: string, use: (source: ByteSource) => Promise<T>) {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    return await use({
      size,
      async read(offset, length) {
        const buffer = new Uint8Array(Math.min(length, Math.max(0, size - offset)))
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
        return buffer.subarray(0, bytesRead)
      },
    })
  } finally {
    await handle.close()
  }
}
