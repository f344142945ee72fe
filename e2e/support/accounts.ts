import type { PlanType } from '@storyreel/core'
import { openDatabase } from '../../apps/server/src/db/client'
import { users } from '../../apps/server/src/db/schema'

/**
 * Creates an e-mail account with a plan in a server's DATA_DIR before it starts (startServer's
 * `prepare`), so that a journey about a paid feature need not pay through checkout first
 * (billing.test.ts does). It signs in with its e-mail code like any other.
 */
export async function createAccount(dataDir: string, email: string, plan: PlanType) {
  const database = await openDatabase({ dataDir })
  try {
    await database.db.insert(users).values({ email, name: 'Maya', surname: 'Lopez', plan })
  } finally {
    await database.close()
  }
}
