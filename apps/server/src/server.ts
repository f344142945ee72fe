import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { parseEnv } from './env'

const env = parseEnv({
  WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)),
  ...process.env,
})
const app = await buildApp(env, { worker: env.IN_PROCESS_WORKER })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`)
    void app.close().then(() => process.exit(0))
  })
}

const address = await app.listen({ host: env.HOST, port: env.PORT })
const url = address.replace('127.0.0.1', 'localhost')
app.log.info(`Storyreel is running: open ${url}`)
const outbox = env.SMTP_URL
  ? ''
  : `\n  Sign-in codes: ${path.join(env.DATA_DIR, 'outbox')} (no SMTP_URL)`
console.log(`\n  Storyreel is running at ${url}\n  Data: ${env.DATA_DIR}${outbox}\n`)
