import { execFileSync } from 'node:child_process'
import { REPO_ROOT, SERVER_BUILD } from './paths'

/**
 * Builds what the journeys run, once before them: the web app the server serves (apps/web/dist)
 * and the server as `npm start` runs it (apps/server/dist), which starts in a fraction of the
 * time its sources take through tsx, and draws without compiling the engine in every thread.
 */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return
  execFileSync('npm', ['run', 'build', '-w', '@storyreel/web'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    // vitest sets NODE_ENV=test, which would ship React's development build to the journeys.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  execFileSync(process.execPath, ['--import', 'tsx', SERVER_BUILD], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
