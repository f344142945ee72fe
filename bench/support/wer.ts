import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/**
 * Word error rate with the offline recogniser (pocketsphinx with its US English model): what
 * bench/voices and bench/music measure intelligibility with.
 */
const run = promisify(execFile)

/** IEEE Harvard sentences, list 1: the classic material for intelligibility tests. */
export const HARVARD_SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  "It's easy to tell the depth of a well.",
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The hogs were fed chopped corn and garbage.',
  'Four hours of steady work faced us.',
  'A large size in stockings is hard to sell.',
]

export const normaliseWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)

/** Word-level edit distance between what was meant and what was heard. */
export function editDistance(ref: string[], hyp: string[]): number {
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j)
  for (const [i, word] of ref.entries()) {
    const row = [i + 1]
    for (const [j, heard] of hyp.entries()) {
      row.push(Math.min(previous[j + 1]! + 1, row[j]! + 1, previous[j]! + (word === heard ? 0 : 1)))
    }
    previous = row
  }
  return previous[hyp.length]!
}

/** What pocketsphinx hears in 16 kHz mono PCM, with its general English language model. */
export async function recognise(rawFile: string): Promise<string> {
  const { stdout } = await run('pocketsphinx_continuous', [
    '-infile',
    rawFile,
    '-logfn',
    '/dev/null',
  ])
  return stdout.trim().split('\n').join(' ')
}
