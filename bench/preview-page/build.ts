import { fileURLToPath } from 'node:url'

/**
 * Bundles the preview page with the web app's own Vite config (React, the same chunking), for
 * production whatever the caller's environment (vitest sets NODE_ENV=test, which would bundle
 * React's development build), so what it measures is what /customize ships.
 */
export async function buildPreviewPage(outDir: string): Promise<void> {
  process.env.NODE_ENV = 'production'
  const { build } = await import('vite')
  await build({
    root: fileURLToPath(new URL('.', import.meta.url)),
    configFile: fileURLToPath(new URL('../../apps/web/vite.config.ts', import.meta.url)),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  })
}
