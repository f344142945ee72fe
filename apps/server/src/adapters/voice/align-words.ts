import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { WordTiming } from '@storyreel/core'
import { runTool } from '@storyreel/render/server'
import { toAscii } from './ascii-text'
import { runSpeechHelper } from './speech-helpers'
import { timeWords } from './word-timings'

/** The US English acoustic model of Debian's pocketsphinx-en-us. */
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us'

/** The model's phones: flite's in capitals, less its pauses, with its schwa (ax) as AH. */
const MODEL_PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  ),
)
const modelPhone = (flite: string) => (flite === 'ax' ? 'AH' : flite.toUpperCase())

/** pocketsphinx counts time in frames of 10 ms. */
const FRAMES_PER_SECOND = 100

/**
 * The worst acoustic score per frame of a word the aligner is trusted with. Measured on the
 * offline voices: words aligned within 70 ms of the synthesiser's times score -5 to -26; a
 * word the speaker said otherwise than flite ("1998" read as "one thousand nine hundred…")
 * scores -29 to -99, and so do the words it drags out of place after it.
 */
const MIN_SCORE_PER_FRAME = -28

/**
 * Finds when each word of the text is said in 16 kHz mono PCM by forced alignment: pocketsphinx
 * decodes the audio against a grammar that allows only the text's words, in order, with pauses
 * between them. Each word is pronounced as flite says it, so numbers and names that no
 * dictionary holds align too. Null when the recogniser cannot fit the text to the audio.
 */
export async function alignWords(
  text: string,
  pcm16k: Buffer,
  signal?: AbortSignal,
): Promise<WordTiming[] | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyreel-align-'))
  const file = (name: string) => path.join(dir, name)
  try {
    const ascii = toAscii(text)
    await writeFile(file('text.txt'), ascii.text)
    const said = await runSpeechHelper(
      'flite-speak',
      'rms',
      file('text.txt'),
      file('flite.wav'),
      signal,
    )
    const entries = said.words
      .map((word, i) => ({
        id: `w${i}`,
        word,
        phones: word.phones.map(modelPhone).filter((p) => MODEL_PHONES.has(p)),
      }))
      .filter((e) => e.phones.length > 0)
    if (entries.length === 0) return null

    const ids = entries.map((e) => e.id).join(' ')
    await writeFile(file('text.jsgf'), `#JSGF V1.0;\ngrammar text;\npublic <text> = ${ids};\n`)
    await writeFile(file('dict'), entries.map((e) => `${e.id} ${e.phones.join(' ')}\n`).join(''))
    await writeFile(file('utt.raw'), pcm16k)
    await writeFile(file('ctl'), 'utt\n')
    const flags = {
      hmm: MODEL_DIR,
      dict: file('dict'),
      jsgf: file('text.jsgf'),
      ctl: file('ctl'),
      cepdir: dir,
      cepext: '.raw',
      adcin: 'yes',
      // Silence removal would cut frames out of the time line.
      remove_silence: 'no',
      hypseg: file('hypseg'),
      logfn: '/dev/null',
    }
    const args = Object.entries(flags).flatMap(([flag, value]) => [`-${flag}`, value])
    await runTool('pocketsphinx_batch', args, { signal })

    const segments = parseHypseg(await readFile(file('hypseg'), 'utf8'))
    if (entries.some((e) => !segments.has(e.id))) return null
    // Words aligned unsurely are left out: they share the time between their sure neighbours.
    const spans = entries
      .map(({ id, word }) => ({
        from: ascii.origin[word.byteFrom]!,
        to: ascii.origin[word.byteFrom + word.byteLength - 1]! + 1,
        ...segments.get(id)!,
      }))
      .filter((s) => s.scorePerFrame >= MIN_SCORE_PER_FRAME)
    return timeWords(text, spans, pcm16k.length / 2 / 16_000)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

interface Segment {
  start: number
  end: number
  scorePerFrame: number
}

/**
 * Reads pocketsphinx's segmentation line: `utt S s T t A a L l`, then `frame ascr lscr word`
 * for each word or pause, then the last frame. A word lasts until what follows it starts.
 */
function parseHypseg(line: string): Map<string, Segment> {
  const fields = line.trim().split(/\s+/).slice(9)
  const out = new Map<string, Segment>()
  for (let i = 0; i + 4 < fields.length; i += 4) {
    const [frame, score, , word] = fields.slice(i, i + 4)
    const first = Number(frame)
    const next = Number(fields[i + 4])
    out.set(word!, {
      start: first / FRAMES_PER_SECOND,
      end: next / FRAMES_PER_SECOND,
      scorePerFrame: Number(score) / Math.max(1, next - first),
    })
  }
  return out
}
