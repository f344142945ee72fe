import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { runTool } from '@storyreel/render/server'

/** Where apps/server/native/build.sh puts the compiled helpers. */
const BUILD_DIR = fileURLToPath(new URL('../../../native/build/', import.meta.url))

export type SpeechHelper = 'rhvoice-speak' | 'flite-speak'

/** A word as a helper reports it: times in seconds, its place in the text in UTF-8 bytes. */
export interface HelperWord {
  start: number
  end: number
  byteFrom: number
  byteLength: number
  /** The phones flite said for it (flite-speak only). */
  phones: string[]
}

/**
 * Runs one of the C helpers of apps/server/native: it speaks textFile with the voice into
 * wavFile and reports the words' times and the audio's length.
 */
export async function runSpeechHelper(
  helper: SpeechHelper,
  voice: string,
  textFile: string,
  wavFile: string,
  signal?: AbortSignal,
): Promise<{ words: HelperWord[]; seconds: number }> {
  const program = path.join(BUILD_DIR, helper)
  const out = await runTool(program, [voice, textFile, wavFile], { signal }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    throw new Error(`${program} is missing: build it with apps/server/native/build.sh`)
  })
  const words: HelperWord[] = []
  let seconds = 0
  for (const line of out.toString().split('\n')) {
    const [kind, ...fields] = line.split(' ')
    if (kind === 'audio') seconds = Number(fields[0])
    if (kind !== 'word') continue
    const [start, end, byteFrom, byteLength, ...phones] = fields
    words.push({
      start: Number(start),
      end: Number(end),
      byteFrom: Number(byteFrom),
      byteLength: Number(byteLength),
      phones,
    })
  }
  return { words, seconds }
}
