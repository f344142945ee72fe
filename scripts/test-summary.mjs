// Adds up the vitest JSON reports and prints one closing line. A step that failed without a
// failed test (lint, types, a suite that did not load, an unhandled error) counts as one
// failure, so the line never reads "0 failed" when something failed. Exits non-zero then.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const [dir, seconds, ...failedSteps] = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
const failedTestsOf = new Map()
const reports = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []
for (const file of reports) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  failedTestsOf.set(file.replace(/\.json$/, ''), report.numFailedTests)
}
// A step's reports are named after it: server's are server-postgres and server-pglite.
const failedTestsIn = (step) =>
  [...failedTestsOf].reduce((n, [report, count]) => (report.startsWith(step) ? n + count : n), 0)
for (const step of failedSteps) if (failedTestsIn(step) === 0) failed += 1
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`)
const elapsed = `${Math.floor(Number(seconds) / 60)} min ${Number(seconds) % 60} s`
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped in ${elapsed}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
