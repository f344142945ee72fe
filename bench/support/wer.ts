import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/**
 * Word error rate with the offline recogniser (pocketsphinx with its US English model): what
 * bench/voices and bench/music measure intelligibility with.
 */
const run = promisify(execFile)

/**
 * IEEE Harvard sentences, lists 1-4: the classic material for intelligibility tests, ten
 * phonetically balanced sentences a list.
 */
export const HARVARD_LISTS = [
  [
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
  ],
  [
    'The boy was there when the sun rose.',
    'A rod is used to catch pink salmon.',
    'The source of the huge river is the clear spring.',
    'Kick the ball straight and follow through.',
    'Help the woman get back to her feet.',
    'A pot of tea helps to pass the evening.',
    'Smoky fires lack flame and heat.',
    "The soft cushion broke the man's fall.",
    'The salt breeze came across from the sea.',
    'The girl at the booth sold fifty bonds.',
  ],
  [
    'The small pup gnawed a hole in the sock.',
    'The fish twisted and turned on the bent hook.',
    'Press the pants and sew a button on the vest.',
    'The swan dive was far short of perfect.',
    'The beauty of the view stunned the young boy.',
    'Two blue fish swam in the tank.',
    'Her purse was full of useless trash.',
    'The colt reared and threw the tall rider.',
    'It snowed, rained, and hailed the same morning.',
    'Read verse out loud for pleasure.',
  ],
  [
    'Hoist the load to your left shoulder.',
    'Take the winding path to reach the lake.',
    'Note closely the size of the gas tank.',
    'Wipe the grease off his dirty face.',
    'Mend the coat before you go out.',
    'The wrist was badly strained and hung limp.',
    'The stray cat gave birth to kittens.',
    'The young girl gave no clear response.',
    'The meal was cooked before the bell rang.',
    'What joy there is in living.',
  ],
] as const

/** List 1, what bench/voices reads. */
export const HARVARD_SENTENCES: readonly string[] = HARVARD_LISTS[0]

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

/** What the recogniser got wrong in one sentence: its word errors and the words meant. */
export interface SentenceErrors {
  errors: number
  words: number
}

/**
 * The difference in word error rate between two readings of the same sentences (b - a) and
 * its 95% interval: the rates are ratios over the sentences, so the standard error is the
 * ratio estimator's, from each sentence's paired difference. The recogniser's errors come in
 * sentences (one misheard word drags its neighbours), which is why the sentence, not the word,
 * is the unit.
 */
export function werDifference(
  a: readonly SentenceErrors[],
  b: readonly SentenceErrors[],
): { diff: number; low: number; high: number } {
  const n = a.length
  const words = a.reduce((s, x) => s + x.words, 0)
  const diff = a.reduce((s, x, k) => s + b[k]!.errors - x.errors, 0) / words
  const spread = a.reduce((s, x, k) => s + (b[k]!.errors - x.errors - diff * x.words) ** 2, 0)
  const se = n > 1 ? Math.sqrt((n / (n - 1)) * spread) / words : Infinity
  return { diff, low: diff - 1.96 * se, high: diff + 1.96 * se }
}
