// Fails when modules import each other in a circle, type-only imports included: a circle means
// a type or a rule sits in the wrong file. Relative imports only; the packages depend on each
// other one way, as their package.json files say. Usage: node scripts/check-import-cycles.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOTS = ['apps', 'packages', 'bench', 'e2e']
const SKIP = new Set(['node_modules', 'dist', 'android', 'ios', 'www', 'data'])
const EXTENSIONS = ['.ts', '.tsx']

function sourceFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) sourceFiles(file, found)
    else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts'))
      found.push(file)
  }
  return found
}

/** The file a relative specifier names, as TypeScript's bundler resolution finds it. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''))
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ]
  return candidates.find((file) => existsSync(file) && statSync(file).isFile())
}

const files = ROOTS.filter((root) => existsSync(root)).flatMap((root) =>
  sourceFiles(path.resolve(root)),
)
const imports = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(file, spec))
      .filter(Boolean)
    return [file, targets]
  }),
)

// Tarjan's strongly connected components: each component of more than one file is a circle.
const index = new Map()
const low = new Map()
const stack = []
const onStack = new Set()
const circles = []
let next = 0
function visit(file) {
  index.set(file, next)
  low.set(file, next++)
  stack.push(file)
  onStack.add(file)
  for (const target of imports.get(file) ?? []) {
    if (!index.has(target)) {
      visit(target)
      low.set(file, Math.min(low.get(file), low.get(target)))
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)))
  }
  if (low.get(file) !== index.get(file)) return
  const component = []
  let member
  do {
    member = stack.pop()
    onStack.delete(member)
    component.push(member)
  } while (member !== file)
  if (component.length > 1 || (imports.get(file) ?? []).includes(file)) circles.push(component)
}
for (const file of files) if (!index.has(file)) visit(file)

if (circles.length > 0) {
  for (const circle of circles) {
    const names = circle.map((file) => path.relative(process.cwd(), file)).sort()
    console.error(`import circle: ${names.join(' <-> ')}`)
  }
  process.exit(1)
}
console.log(`no import circles in ${files.length} files`)
