import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authApi } from '@storyreel/core'
import { apiClient, signUp, type ApiClient } from '../../test/client'
import { startTestServer, type TestServer } from '../../test/test-server'
import { PLAN_USAGE, parsePlanArgs } from './plan-command'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

/** `npm run plan -- ...` from the repository root, as an operator types it. */
async function planCommand(server: TestServer, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'plan', '--', ...args],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATA_DIR: server.env.DATA_DIR,
          DATABASE_URL: server.pgDb?.url ?? '',
          LOG_LEVEL: 'silent',
        },
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('parsePlanArgs', () => {
  it('reads set <email> <plan>, the plan in any case', () => {
    expect(parsePlanArgs(['set', ' Ada@Example.com ', 'pro'])).toEqual({
      email: 'ada@example.com',
      plan: 'PRO',
    })
  })

  it('explains the usage for anything else', () => {
    for (const argv of [
      [],
      ['set'],
      ['set', 'a@b.c'],
      ['get', 'a@b.c', 'PRO'],
      ['set', 'a@b.c', 'PRO', 'x'],
    ]) {
      expect(() => parsePlanArgs(argv)).toThrow(PLAN_USAGE)
    }
    expect(() => parsePlanArgs(['set', 'a@b.c', 'GOLD'])).toThrow(
      "Unknown plan 'GOLD': use FREE, STARTER, PRO.",
    )
  })
})

describe('npm run plan -- set <email> <plan>', () => {
  let server: TestServer
  let client: ApiClient
  let email: string

  beforeAll(async () => {
    server = await startTestServer()
    ;({ client, email } = await signUp(server))
    // The embedded database belongs to one process: the operator stops the server first.
    await server.close({ keepData: true })
  })
  afterAll(() => server?.close())

  it("sets the user's plan and says what it did", async () => {
    const done = await planCommand(server, 'set', email, 'PRO')
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
    expect(done.stdout.trim()).toBe(
      `${email}: FREE -> PRO (100 videos a month, counted by the calendar month).`,
    )
    server = await startTestServer({ restartOf: server })
    // The same browser (its session cookie) on the restarted server.
    const answer = await apiClient(server, { jar: client.jar }).call(authApi.verifySession)
    expect(answer.data.userData?.subscription).toEqual({
      type: 'PRO',
      stripeCustomerId: null,
      currentPeriodEnd: null,
    })
    await server.close({ keepData: true })
  })

  it('fails clearly for an unknown e-mail, an unknown plan and a wrong command line', async () => {
    const unknown = await planCommand(server, 'set', 'nobody@example.com', 'PRO')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No user has the e-mail nobody@example.com.')

    const gold = await planCommand(server, 'set', email, 'GOLD')
    expect(gold.code).toBe(1)
    expect(gold.stderr).toContain("Unknown plan 'GOLD': use FREE, STARTER, PRO.")

    const usage = await planCommand(server, 'set', email)
    expect(usage.code).toBe(1)
    expect(usage.stderr).toContain(PLAN_USAGE)
  })
})
