import type { Page } from 'playwright-core'
import { readCode } from './outbox'
import type { TestServer } from './server'

/** A fresh address for each new user. */
export function newEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

/** Signs a new user up through /signin with the code from the outbox; ends on /format. */
export async function signUp(page: Page, server: TestServer, email: string): Promise<void> {
  await page.goto(`${server.url}/signin?source=register`)
  await page.getByLabel('First name').fill('Maya')
  await page.getByLabel('Last name').fill('Lopez')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  // The sixth digit submits the code.
  await page.getByLabel('Verification code').fill(await readCode(server.dataDir, email))
  await page.waitForURL('**/format')
}

/** Signs an existing account in through /signin with the code from the outbox; ends on /format. */
export async function signIn(page: Page, server: TestServer, email: string): Promise<void> {
  await page.goto(`${server.url}/signin`)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  // The sixth digit submits the code.
  await page.getByLabel('Verification code').fill(await readCode(server.dataDir, email))
  await page.waitForURL('**/format')
}

/** The red toast with this text. */
export function toast(page: Page, text: string) {
  return page.locator('.toast', { hasText: text })
}
