import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The server's signing secret: from the environment, else generated once and kept on disk. */
export async function loadSecret(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, 'secret')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    await mkdir(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('hex')
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined)
    return (await readFile(file, 'utf8')).trim()
  }
}
