import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, as
 * readable lines ('color-contrast: .state-chip'). Evaluated through the DevTools protocol, which
 * the page's content security policy does not restrict.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Colours mid-transition (a button fading in) would be judged at half their contrast; endless
  // animations (spinners) never finish and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  await page.evaluate(await axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: RunOptions): Promise<AxeResults> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }))
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.join(', ')}`)
}
