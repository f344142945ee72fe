/**
 * Builds the server and the standalone worker into plain JavaScript under dist/ (decision 015):
 * run through tsx, the idle server held about 135 MB more (tsx's process, its loader thread, its
 * esbuild service, source maps of every module). `npm start` and `npm run worker` build first;
 * it takes about a second, so what runs is always the sources as they are.
 *
 * Our own code (this app and the workspace packages, TypeScript) is bundled; packages from
 * node_modules stay outside and load as they are. Two things change in the bundle:
 *  - `import.meta.url` is each source file's own address, so paths a module finds beside itself
 *    (migrations, fonts, native helpers) are the same as when it runs from its source;
 *  - a drawing thread starts on its own bundle (dist/threads/<name>.js) instead of loading its
 *    TypeScript entry through tsx (packages/render/src/node/ts-thread.ts in the sources).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type BuildResult, type Plugin } from 'esbuild'

const serverDir = fileURLToPath(new URL('.', import.meta.url))
const distDir = path.join(serverDir, 'dist')
const threadsDir = path.join(distDir, 'threads')
const ENTRIES = ['src/server.ts', 'src/worker.ts']
/** A thread entry, as the sources name it: `new URL('./x-thread.ts', import.meta.url)`. */
const THREAD_ENTRY = /new URL\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g
const THREAD_STARTER = /^\.\/ts-thread$/
const STARTER_NAMESPACE = 'built-thread-starter'

/** Module source of the thread starter in the bundle: the thread's own bundle, no tsx. */
function builtThreadStarter(original: string) {
  return `
import path from 'node:path'
import { Worker } from 'node:worker_threads'
export { lowerThreadPriority } from ${JSON.stringify(original)}
export function startTsThread(entry, workerData) {
  const name = path.basename(entry.pathname, '.ts')
  return new Worker(path.join(${JSON.stringify(threadsDir)}, name + '.js'), { workerData })
}
`
}

/** Bundles our TypeScript, leaves node_modules outside, and notes the thread entries it meets. */
function ownCode(threadEntries: Set<string>): Plugin {
  return {
    name: 'own-code',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@storyreel/') || args.kind === 'entry-point'
          ? undefined
          : { path: args.path, external: true },
      )
      b.onResolve({ filter: THREAD_STARTER }, (args) => ({
        path: path.join(args.resolveDir, 'ts-thread.ts'),
        namespace: STARTER_NAMESPACE,
      }))
      b.onLoad({ filter: /.*/, namespace: STARTER_NAMESPACE }, (args) => ({
        contents: builtThreadStarter(args.path),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }))
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8')
        for (const m of source.matchAll(THREAD_ENTRY)) {
          threadEntries.add(path.resolve(path.dirname(args.path), m[1]!))
        }
        return {
          contents: source.replaceAll(
            'import.meta.url',
            JSON.stringify(pathToFileURL(args.path).href),
          ),
          loader: 'ts',
        }
      })
    },
  }
}

async function bundle(
  entryPoints: Record<string, string>,
  outdir: string,
  threadEntries: Set<string>,
) {
  return build({
    entryPoints,
    outdir,
    absWorkingDir: serverDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
    plugins: [ownCode(threadEntries)],
  })
}

/** Each file goes in whole (written aside, then renamed): a server starting now never reads half. */
async function writeOutputs(result: BuildResult<{ write: false }>) {
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true })
    const aside = `${file.path}.${process.pid}.tmp`
    await writeFile(aside, file.contents)
    await rename(aside, file.path)
  }
}

const threadEntries = new Set<string>()
const entries = Object.fromEntries(ENTRIES.map((e) => [path.basename(e, '.ts'), e]))
await writeOutputs(await bundle(entries, distDir, threadEntries))
// Thread entries may name threads of their own: bundled until no new one appears.
const built = new Set<string>()
while (built.size < threadEntries.size) {
  const next = [...threadEntries].filter((e) => !built.has(e))
  const named = Object.fromEntries(next.map((e) => [path.basename(e, '.ts'), e]))
  if (Object.keys(named).length !== next.length) {
    throw new Error(`two thread entries share a name: ${next.join(', ')}`)
  }
  await writeOutputs(await bundle(named, threadsDir, threadEntries))
  for (const e of next) built.add(e)
}
