import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Env } from '../env'
import type { AiEngine } from './ai/ai'
import { openAi } from './ai/open-ai'
import type { Billing } from './billing/billing'
import { openBilling } from './billing/open-billing'
import type { Mailer } from './mail/mailer'
import { outboxMailer } from './mail/outbox-mailer'
import { smtpMailer } from './mail/smtp-mailer'
import { localStorage } from './storage/local-storage'
import { s3Storage } from './storage/s3-storage'
import { openStock } from './stock'
import type { Stock } from './stock/stock'
import type { Storage } from './storage/storage'
import { openVoice } from './voice/open-voice'
import type { VoiceEngine } from './voice/voice'

/** Every outside service Storyreel talks to, each behind its interface. */
export interface Adapters {
  storage: Storage
  mail: Mailer
  /** Narration voices: OpenAI's with a key, else the offline ones. */
  voice: VoiceEngine
  stock: Stock
  /** Describe, compose and image generation: OpenAI's models with a key, else the embedded ones. */
  ai: AiEngine
  /** Payments: Stripe with a key, else none (plans are then set with `npm run plan`). */
  billing: Billing
}

/**
 * Opens the adapters the environment names: the real service when it is configured, else the
 * embedded default that works offline. The server and the standalone worker both call this.
 */
export function openAdapters(env: Env, log: FastifyBaseLogger): Adapters {
  return {
    storage: env.S3_ENDPOINT
      ? s3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          cacheDir: path.join(env.DATA_DIR, 'cache'),
        })
      : localStorage(path.join(env.DATA_DIR, 'files')),
    mail: env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : outboxMailer(path.join(env.DATA_DIR, 'outbox'), log, {
          // A person trying Storyreel locally reads their sign-in code in the terminal.
          printText: env.NODE_ENV === 'development',
        }),
    voice: openVoice(env),
    stock: openStock(env, log),
    ai: openAi(env),
    billing: openBilling(env, log),
  }
}
