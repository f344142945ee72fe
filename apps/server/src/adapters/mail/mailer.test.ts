import { access } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import { apiClient } from '../../../test/client'
import { startTestServer, type TestServer } from '../../../test/test-server'
import { authApi } from '@storyreel/core'

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
const received: { from: string; to: string[]; data: string; user?: string }[] = []
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: 'mailer' })
    else callback(new Error('bad credentials'))
  },
  onData(stream, session, callback) {
    let data = ''
    stream.on('data', (c: Buffer) => (data += c.toString()))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
        user: session.user as string | undefined,
      })
      callback()
    })
  },
})

let server: TestServer
beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r))
  const { port } = smtp.server.address() as AddressInfo
  server = await startTestServer({
    env: {
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${port}`,
      MAIL_FROM: 'Storyreel <hello@storyreel.test>',
    },
  })
})
afterAll(async () => {
  await server.close()
  await new Promise<void>((r) => smtp.close(() => r()))
})

it('sends the sign-in code by SMTP when configured, and the code signs the user up', async () => {
  const client = apiClient(server)
  const email = 'smtp-user@example.com'
  expect(
    (await client.call(authApi.createToken, { body: { email, type: 'register' } })).status,
  ).toBe(200)
  expect(received).toHaveLength(1)
  const mail = received[0]!
  expect(mail).toMatchObject({ from: 'hello@storyreel.test', to: [email], user: 'mailer' })
  expect(mail.data).toMatch(/Subject: Your Storyreel code/)
  const token = /verification code is (\d{6})/.exec(mail.data)![1]!
  const reg = await client.call(authApi.register, {
    body: { name: 'S', surname: 'M', email, token },
  })
  expect(reg.status).toBe(200)
  // Nothing went to the local outbox.
  await expect(access(path.join(server.env.DATA_DIR, 'outbox'))).rejects.toThrow()
})
