import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/**
 * bench/bundle-size: builds the web app for production (apps/web's own Vite config) and prints
 * the JavaScript each entry route loads first, gzip (zlib's default level, as servers send it),
 * against the budget of issue 16: /signin under 200 KB. A route's first load is the entry
 * script and what it imports statically (the modulepreload links of index.html), plus the
 * route's lazy module and its static imports; dynamic imports load later and do not count.
 *
 *   npm run bundle-size -w @storyreel/bench
 */
const BUDGET_KB = 200
const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url))

/** The route modules to report, as the router imports them. */
const ROUTES: Record<string, string> = {
  '/signin': 'src/routes/signin.tsx',
  '/format': 'src/routes/format.tsx',
  '/customize': 'src/routes/customize/index.tsx',
}

interface Chunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

// A production build whatever the caller's environment (vitest sets NODE_ENV=test, which
// would bundle React's development build).
process.env.NODE_ENV = 'production'
const { build } = await import('vite')
const outDir = await mkdtemp(path.join(tmpdir(), 'storyreel-bundle-'))
try {
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  })
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>
  const gzipped = new Map<string, number>()
  const size = async (file: string) => {
    let bytes = gzipped.get(file)
    if (bytes === undefined) {
      bytes = gzipSync(await readFile(path.join(outDir, file))).length
      gzipped.set(file, bytes)
    }
    return bytes
  }
  /** The chunk's JS files and those it imports statically, transitively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return into
    into.add(chunk.file)
    for (const dep of chunk.imports ?? []) closure(dep, into)
    return into
  }
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
  const shared = closure(entry)
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  let signin = 0
  let breakdown = ''
  for (const [route, module] of Object.entries(ROUTES)) {
    if (!manifest[module]) throw new Error(`${module} is not in the build's manifest`)
    const files = closure(module, new Set(shared))
    let total = 0
    for (const file of files) total += await size(file)
    const own = [...files].filter((f) => !shared.has(f))
    let lazy = 0
    for (const file of own) lazy += await size(file)
    if (route === '/signin') {
      signin = total
      const parts = await Promise.all([...files].map(async (f) => [f, await size(f)] as const))
      parts.sort((a, b) => b[1] - a[1])
      breakdown = parts.map(([f, b]) => `${path.basename(f)} ${kb(b)}`).join(', ')
    }
    console.log(
      `${route.padEnd(11)} first-load JS ${kb(total).padStart(9)} gzip (${kb(lazy)} its own, ${files.size} files)`,
    )
  }
  console.log(`/signin loads ${breakdown}`)
  const verdict = signin < BUDGET_KB * 1024 ? 'within' : 'OVER'
  console.log(
    `bundle-size: /signin first-load JS ${kb(signin)} gzip, ${verdict} the ${BUDGET_KB} KB budget`,
  )
  if (verdict === 'OVER') process.exitCode = 1
} finally {
  await rm(outDir, { recursive: true, force: true })
}
