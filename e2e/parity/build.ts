import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** Bundles the parity page (index.html + main.ts) into `outDir` with Vite, as the web app is. */
export async function buildParityPage(outDir: string): Promise<void> {
  await build({
    root: fileURLToPath(new URL('.', import.meta.url)),
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
}
