import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'

/**
 * The newest sign-in code mailed to `email`: without SMTP the server writes each mail to
 * DATA_DIR/outbox. Waits for it to arrive.
 */
export async function readCode(dataDir: string, email: string, after = 0): Promise<string> {
  const dir = path.join(dataDir, 'outbox')
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[])
    const mails = names.filter((name) => name.endsWith('.txt') && !name.startsWith('.')).sort()
    const found: string[] = []
    for (const name of mails) {
      const text = await readFile(path.join(dir, name), 'utf8')
      // Headers, a blank line, then the text with the code (the address may hold digits too).
      const split = text.indexOf('\n\n')
      const headers = text.slice(0, split)
      const code = /\b(\d{6})\b/.exec(text.slice(split))?.[1]
      if (headers.split('\n').includes(`To: ${email}`) && code) found.push(code)
    }
    if (found.length > after) return found[found.length - 1]!
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no sign-in code for ${email} in ${dir}`)
}
