import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Composition, PlanType } from '@storyreel/core'
import { tasks, users } from '../db/schema'
import { startTestServer, type TestServer } from '../../test/test-server'
import { rendersThisPeriod } from './video-limit'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const COMPOSITION = {
  movieParams: { width: 1080, height: 1920, voice: null },
  renderedVideoUrl: null,
  composition: [],
} as unknown as Composition

/** A user with renders requested at these times, on this plan and period end. */
async function userWithRenders(times: string[], plan: PlanType, periodEnd: string | null) {
  const { db } = server.app.services
  const [user] = await db
    .insert(users)
    .values({
      email: `limit-${Math.random()}@example.com`,
      name: 'Ada',
      surname: 'Lovelace',
      plan,
      currentPeriodEnd: periodEnd ? new Date(periodEnd) : null,
    })
    .returning()
  for (const time of times) {
    await db
      .insert(tasks)
      .values({ userId: user!.id, composition: COMPOSITION, createdAt: new Date(time) })
  }
  return user!
}

// The subscription renews on the 10th; "now" is 20 March.
const NOW = new Date('2025-03-20T12:00:00Z')
const RENDERS = [
  '2025-02-28T12:00:00Z', // February: in no period here
  '2025-03-05T12:00:00Z', // March, but before the subscription period began on the 10th
  '2025-03-10T00:00:00Z', // the first instant of the subscription period
  '2025-03-19T12:00:00Z',
]

describe('rendersThisPeriod', () => {
  it('counts a paid plan over its subscription period: the month up to the period end', async () => {
    for (const plan of ['STARTER', 'PRO'] as const) {
      const user = await userWithRenders(RENDERS, plan, '2025-04-10T00:00:00Z')
      expect(await rendersThisPeriod(server.app.services.db, user, NOW)).toBe(2)
    }
  })

  it('counts FREE over the calendar month, whatever period end is left from a subscription', async () => {
    const user = await userWithRenders(RENDERS, 'FREE', '2025-04-10T00:00:00Z')
    expect(await rendersThisPeriod(server.app.services.db, user, NOW)).toBe(3)
  })

  it('counts a paid plan without a period end (set by the operator) over the calendar month', async () => {
    const user = await userWithRenders(RENDERS, 'PRO', null)
    expect(await rendersThisPeriod(server.app.services.db, user, NOW)).toBe(3)
  })

  it('starts again at the renewal: the renders of the last period no longer count', async () => {
    const user = await userWithRenders(RENDERS, 'STARTER', '2025-04-10T00:00:00Z')
    const { db } = server.app.services
    await db
      .update(users)
      .set({ currentPeriodEnd: new Date('2025-05-10T00:00:00Z') })
      .where(eq(users.id, user.id))
    const [renewed] = await db.select().from(users).where(eq(users.id, user.id))
    expect(await rendersThisPeriod(db, renewed!, new Date('2025-04-10T00:00:01Z'))).toBe(0)
  })
})
