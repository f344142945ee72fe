import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser'
import { startServer, type TestServer } from './server'

/** What a journey file runs against: its own server, a browser, and a folder for its files. */
export interface Journey {
  server: TestServer
  browser: Browser
  /** A fresh folder for the pictures and sounds the journey makes. */
  workDir: string
  /** Closes the browser, stops the server and removes the folder (afterAll). */
  stop(): Promise<void>
}

/**
 * Starts a journey file's server and browser and makes its folder, side by side; `name` names
 * the folder, `browserArgs` are Chromium flags beyond the usual ones. Should one of the three
 * fail, the others are let go before the error is thrown.
 */
export async function startJourney(
  name: string,
  opts: { browserArgs?: string[] } = {},
): Promise<Journey> {
  const started = await Promise.allSettled([
    startServer(),
    launchBrowser(opts.browserArgs),
    mkdtemp(path.join(tmpdir(), `storyreel-e2e-${name}-`)),
  ] as const)
  const value = <T>(s: PromiseSettledResult<T>) => (s.status === 'fulfilled' ? s.value : undefined)
  const [server, browser, workDir] = [value(started[0]), value(started[1]), value(started[2])]
  const stop = async () => {
    await browser?.close()
    await server?.stop()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  }
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  return { server: server!, browser: browser!, workDir: workDir!, stop }
}
