// Adds up the vitest JSON reports and prints one closing line; exits non-zero when any test or
// any step failed.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const [dir, ...failedSteps] = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
}
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 || failedSteps.length > 0 || passed === 0 ? 1 : 0)
