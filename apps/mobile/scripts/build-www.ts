import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { storyreelOrigin } from '../server-url'

/**
 * Writes webDir (www/): the one page the app bundles, shown when the server cannot be reached.
 * Its Try again link needs the server's address, known only now (STORYREEL_URL).
 */
const origin = storyreelOrigin(process.env.STORYREEL_URL)
const root = new URL('../', import.meta.url)
const page = await readFile(new URL('offline.html', root), 'utf8')
await mkdir(new URL('www/', root), { recursive: true })
await writeFile(new URL('www/index.html', root), page.replaceAll('{{STORYREEL_URL}}', origin))
console.log(`www/index.html written; the app loads ${origin}`)
