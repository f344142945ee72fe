import { execFileSync } from 'node:child_process'
import { REPO_ROOT } from './paths'

/** The server serves apps/web/dist: build it once before the journeys. */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return
  execFileSync('npm', ['run', 'build', '-w', '@storyreel/web'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    // vitest sets NODE_ENV=test, which would ship React's development build to the journeys.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
