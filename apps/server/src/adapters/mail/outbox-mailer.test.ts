import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { outboxMailer } from './outbox-mailer'

const mail = { to: 'maya@example.com', subject: 'Your code', text: 'Your code is 583471.' }

/** A real logger whose lines are kept. */
function capturedLog() {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { log: pino({ level: 'info' }, sink), lines }
}

describe('the outbox mailer', () => {
  let dir: string
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('writes each message as a whole file, and prints the code only when asked', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storyreel-outbox-'))
    const quiet = capturedLog()
    await outboxMailer(dir, quiet.log)(mail)
    const [file] = await readdir(dir)
    expect(await readFile(path.join(dir, file!), 'utf8')).toContain('Your code is 583471.')
    expect(quiet.lines.join('')).not.toContain('583471')

    const local = capturedLog()
    await outboxMailer(dir, local.log, { printText: true })(mail)
    expect(local.lines.join('')).toContain('Your code is 583471.')
  })
})
