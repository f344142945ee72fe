import type { Reporter, TestModule } from 'vitest/node'
import './attack'

/**
 * Prints the hostile suite as a table: each attack, how many tries it made, and whether the
 * server held (the test passed). Used by `npm run test:hostile`. Vitest creates reporters with
 * `new`, hence a class.
 */
export default class TableReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules.flatMap((m) =>
      [...m.children.allTests()].map((t) => {
        const state = t.result().state
        return {
          attack: t.name,
          tries: String(t.meta().tries ?? 1),
          held: state === 'passed' ? 'yes' : state === 'skipped' ? 'skipped' : 'NO',
        }
      }),
    )
    const width = Math.max(6, ...rows.map((r) => r.attack.length))
    const line = (a: string, t: string, h: string) => `${a.padEnd(width)}  ${t.padStart(6)}  ${h}`
    console.log(`\n${line('attack', 'tries', 'held')}`)
    for (const r of rows) console.log(line(r.attack, r.tries, r.held))
  }
}
