import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_RENDER_TIME_LIMIT } from '@storyreel/core'

/** A URL reduced to its origin (scheme, host, port). */
const origin = z
  .string()
  .url()
  .transform((u) => new URL(u).origin)

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** Every setting the server reads, with its default; `.env.example` lists the same. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Everything the server keeps: the embedded database, files, the mail outbox. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  /** smtp://user:pass@host:port; without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Storyreel <no-reply@storyreel.local>'),
  /** Signs sign-in codes; generated once and kept under DATA_DIR when absent. */
  SECRET: z.string().min(32).optional(),
  /**
   * The browser-facing origin. https makes cookies Secure with the __Host- prefix; without it
   * they are Secure in production only.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Which proxies may name the client's address in X-Forwarded-For: 'false' (none: the
   * default, so nobody can spoof the address rate limits count by), a hop count, or a
   * comma-separated list of addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
      if (v === 'false' || v === 'true') return v === 'true'
      // A hop count trusts that many proxies in front of the server, as proxy-addr does.
      if (/^\d+$/.test(v)) return (_address, hop) => hop < Number(v)
      return v
    }),
  /**
   * How long a client may take to send one request, headers and body: past it the server answers
   * 408 and closes the connection (an upload's temporary file goes with it). 60 s carries the
   * largest upload request (200 MB) at 27 Mbit/s, one 50 MB file at 7; raise it for slower
   * links.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** Run a render worker inside the server process. */
  IN_PROCESS_WORKER: bool.default(true),
  /** Render slots of this process that take any render (and ranges of split ones). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Render slots of this process beside those that take only short renders, so that a short
   * render never waits behind a long one (decision 018); 0 leaves every render to the others.
   */
  SHORT_RENDER_SLOTS: z.coerce.number().int().min(0).max(16).default(1),
  /** A render is short when its estimated cost (core's renderCost, CPU seconds) is at most this. */
  SHORT_RENDER_SECONDS: z.coerce.number().min(0).default(60),
  /**
   * Render slots in the whole fleet (every worker's WORKER_CONCURRENCY, the server's own
   * included): a render is split into ranges for the idle ones (decision 016); 1 never splits.
   */
  SPLIT_WORKERS: z.coerce.number().int().min(1).max(256).default(1),
  /** The shortest range of video worth a worker of its own: shorter videos are not split. */
  SPLIT_MIN_RANGE_SECONDS: z.coerce.number().positive().default(10),
  /**
   * A render run is stopped, and its task CANCELLED, after this factor times its estimated cost
   * in seconds, and not before the minimum (core's renderTimeLimitSeconds).
   */
  RENDER_TIME_FACTOR: z.coerce.number().positive().default(DEFAULT_RENDER_TIME_LIMIT.factor),
  RENDER_TIME_MIN_SECONDS: z.coerce
    .number()
    .positive()
    .default(DEFAULT_RENDER_TIME_LIMIT.minSeconds),
  /**
   * What the speech cache (voice previews and narration, per user) may hold, MiB, every user's
   * entries together: past it the least recently used go (decision 019).
   */
  SPEECH_CACHE_MB: z.coerce.number().positive().default(256),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** S3-compatible object storage for the files; without it they live under DATA_DIR/files. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** The built web app to serve at /; absent in API-only runs. */
  WEB_DIST: z.string().optional(),
  /** Narration by OpenAI's speech API; without it the offline voices speak (decision 008). */
  OPENAI_API_KEY: z.string().optional(),
  /** The OpenAI API root, or any server speaking its wire format; tests point it at theirs. */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  /** OpenAI's speech model: tts-1, tts-1-hd or gpt-4o-mini-tts. */
  OPENAI_TTS_MODEL: z.string().default('tts-1'),
  /** The chat model that composes (Structured Outputs); without a key the rules compose. */
  OPENAI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
  /** The model that looks at each picture on describe; it must read images. */
  OPENAI_VISION_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * How long one AI call (chat, vision, images) may take before it is given up: describe and
   * compose then fall back to the rules, image generation answers msg_ai_unavailable.
   */
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(120),
  /** Stock search keys; a provider without one answers msg_stock_not_configured. */
  UNSPLASH_ACCESS_KEY: z.string().optional(),
  PEXELS_API_KEY: z.string().optional(),
  PIXABAY_API_KEY: z.string().optional(),
  /** The stock providers' API roots; tests point them at local servers. */
  UNSPLASH_API_URL: z.string().url().default('https://api.unsplash.com'),
  PEXELS_API_URL: z.string().url().default('https://api.pexels.com'),
  PIXABAY_API_URL: z.string().url().default('https://pixabay.com/api'),
  /**
   * Payments through Stripe (decision 012). Without the secret key billing is not configured:
   * /plan says so and the /stripe calls answer msg_billing_not_configured. With it, the webhook
   * secret and both price ids are required too.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret (whsec_...) of the endpoint Stripe sends /api/stripe/webhook to. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The recurring monthly prices (price_...) that buy STARTER and PRO. */
  STRIPE_PRICE_STARTER: z.string().optional(),
  STRIPE_PRICE_PRO: z.string().optional(),
  /** Another server speaking Stripe's API (protocol, host and port): tests point it at theirs. */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * Sign-in with Google (decision 013): an OAuth client of type "Web application" whose
   * authorized redirect URI is {PUBLIC_URL}/api/auth/youtube/callback; PUBLIC_URL is required
   * with it. Without both the Google button is hidden and /auth/youtube answers
   * msg_google_not_configured.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The OpenID provider; tests point it at a local one (plain http only on a loopback host). */
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** How long one call to the provider (discovery, keys, code exchange) may take. */
  GOOGLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  /**
   * Comma-separated origins that stock downloads may also come from, trusted as they are (any
   * address, http outside production): a local mirror, or the tests' fake providers.
   */
  STOCK_MEDIA_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').flatMap((s) => s.trim() || []))
    .pipe(z.array(origin)),
})
export type Env = z.infer<typeof EnvSchema>

/** Relative paths are taken from where the user ran npm, not from the workspace folder. */
function fromInvocationDir(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p)
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** An address safe to talk to: https, or plain http that never leaves this machine. */
function isHttpsOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOSTS.has(hostname))
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.data
  if (env.S3_ENDPOINT && !(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid environment:\n  S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    )
  }
  const stripeMissing = (
    ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'] as const
  ).filter((name) => !env[name])
  if (env.STRIPE_SECRET_KEY && stripeMissing.length > 0) {
    throw new Error(
      `Invalid environment:\n  STRIPE_SECRET_KEY needs ${stripeMissing.join(', ')} as well`,
    )
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new Error('Invalid environment:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together')
  }
  // The redirect URI Google sends the browser back to is built on it, never on a request's Host.
  if (env.GOOGLE_CLIENT_ID && !env.PUBLIC_URL) {
    throw new Error(
      'Invalid environment:\n  GOOGLE_CLIENT_ID needs PUBLIC_URL: Google sends the browser back to {PUBLIC_URL}/api/auth/youtube/callback',
    )
  }
  if (!isHttpsOrLoopback(env.GOOGLE_ISSUER)) {
    throw new Error(
      'Invalid environment:\n  GOOGLE_ISSUER must be https (plain http only on a loopback host)',
    )
  }
  const plainHttp = env.STOCK_MEDIA_EXTRA_ORIGINS.filter((o) => !o.startsWith('https:'))
  if (env.NODE_ENV === 'production' && plainHttp.length > 0) {
    throw new Error(
      `Invalid environment:\n  STOCK_MEDIA_EXTRA_ORIGINS must be https in production: ${plainHttp.join(', ')}`,
    )
  }
  return {
    ...env,
    DATA_DIR: fromInvocationDir(env.DATA_DIR),
    WEB_DIST: env.WEB_DIST && fromInvocationDir(env.WEB_DIST),
  }
}
