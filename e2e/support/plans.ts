import type { Page } from 'playwright-core'

/** The plan cards /plan shows, by their headings, once they are all there. */
export async function planCardNames(page: Page): Promise<(string | undefined)[]> {
  const plans = page.getByRole('list', { name: 'Plans' }).getByRole('article')
  await plans.last().waitFor()
  return plans.evaluateAll((cards) => cards.map((c) => c.querySelector('h2')?.textContent))
}
