import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from './mailer'

/**
 * Without SMTP, each message becomes a file in the outbox and a log line, so a local user can
 * read their sign-in code. Written under a temporary name and renamed, so readers never see half.
 */
export function outboxMailer(
  dir: string,
  log: FastifyBaseLogger,
  opts: { printText?: boolean } = {},
): Mailer {
  return async (mail) => {
    await mkdir(dir, { recursive: true })
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`
    const body = `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`
    const tmp = path.join(dir, `.${name}.tmp`)
    await writeFile(tmp, body)
    await rename(tmp, path.join(dir, name))
    log.info(
      { to: mail.to, file: name },
      opts.printText
        ? `mail to ${mail.to}: ${mail.subject}\n${mail.text}`
        : `mail written to the outbox: ${mail.subject}`,
    )
  }
}
