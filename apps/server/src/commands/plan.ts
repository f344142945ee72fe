import { openDatabase } from '../db/client'
import { parseEnv } from '../env'
import { PlanCommandError, parsePlanArgs, setPlan } from './plan-command'

/**
 * `npm run plan -- set <email> <FREE|STARTER|PRO>`: the operator's way to give a plan on a server
 * without payments. It uses the server's database (DATABASE_URL, or the embedded one under
 * DATA_DIR, which belongs to one process: stop the server first).
 */
try {
  const { email, plan } = parsePlanArgs(process.argv.slice(2))
  const env = parseEnv(process.env)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  try {
    console.log(await setPlan(database.db, email, plan))
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof PlanCommandError ? error.message : error)
  process.exitCode = 1
}
