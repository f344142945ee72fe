import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  CancelReason,
  Composition,
  LibraryKind,
  PlanType,
  TaskState,
  TaskSubtask,
} from '@storyreel/core'

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  surname: text('surname').notNull(),
  /** How the account signs in: 'local' (e-mail code) or 'google'. */
  provider: text('provider').notNull().default('local'),
  profilePicture: text('profile_picture'),
  plan: text('plan').$type<PlanType>().notNull().default('FREE'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** The billing subscription the plan comes from, and its status there (Stripe's word). */
  stripeSubscriptionId: text('stripe_subscription_id'),
  subscriptionStatus: text('subscription_status'),
  /**
   * The billing service's time of the newest subscription state applied: an event older than
   * this is old news and changes nothing (decision 012).
   */
  billingSyncedAt: timestamp('billing_synced_at', { withTimezone: true }),
  createdAt,
})

/** Webhook events already applied, by Stripe's event id: a redelivery changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's value, so a database leak gives no usable session. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    type: text('type').$type<'login' | 'register'>().notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('login_codes_email_idx').on(t.email), index('login_codes_ip_idx').on(t.ip)],
)

/**
 * Wrong sign-in codes sent for one e-mail address from one client address, and when the last
 * was: that pair's back-off (services/sign-in-backoff.ts). Nobody else's sign-in waits for it.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
)

export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored name: a random id plus the extension; unique, so it alone names the file. */
    name: text('name').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** 'audio' is the user's own music (decision 023): never a slide, listed apart. */
    kind: text('kind').$type<LibraryKind>().notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Seconds of an audio file, as probed when it was kept; null for pictures and clips. */
    duration: real('duration'),
    /**
     * Integrated loudness of an audio file, LUFS (EBU R128), measured when it was kept: the
     * editor's preview and the render both bring it to the narration's level by it. Null for
     * pictures and clips, and for audio kept before it was measured.
     */
    loudness: real('loudness'),
    /**
     * SHA-256 of the file as kept (hex): the same file uploaded again is the one already kept
     * (issue 36). Null for files kept before it was recorded.
     */
    sha256: text('sha256'),
    createdAt,
  },
  (t) => [
    index('media_user_idx').on(t.userId),
    index('media_user_sha256_idx').on(t.userId, t.sha256),
  ],
)

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<TaskState>().notNull().default('QUEUED'),
    subtask: text('subtask').$type<TaskSubtask>(),
    progress: real('progress'),
    composition: jsonb('composition').$type<Composition>().notNull(),
    /** Why the task ended CANCELLED; the user reads its fixed sentence, the details are logged. */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    /** The pg-boss job that renders it. */
    jobId: text('job_id'),
    /** Which attempt owns the task now: only that one may finish it. */
    runId: text('run_id'),
    /** Written by the rendering worker every few seconds; a stale one means the worker died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    hasResult: boolean('has_result').notNull().default(false),
    hasThumbnail: boolean('has_thumbnail').notNull().default(false),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('tasks_user_idx').on(t.userId), index('tasks_state_idx').on(t.state)],
)

/**
 * The speech cache's entries (services/speech-cache.ts): each spoken text's MP3 in storage, its
 * size with its JSON, and when it was last used. The cache is kept under its cap by removing the
 * least recently used; no foreign key, so an entry outlives nothing it is not counted for.
 */
export const speechCache = pgTable(
  'speech_cache',
  {
    /** The MP3's storage key; the JSON's is the same with `.json`. */
    key: text('key').primaryKey(),
    bytes: integer('bytes').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('speech_cache_used_idx').on(t.usedAt)],
)
