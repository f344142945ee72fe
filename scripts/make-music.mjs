#!/usr/bin/env node
/**
 * Makes Storyreel's built-in music (core's MUSIC_TRACKS): one piece per mood, composed here as
 * MIDI (chords, bass, a melody, an accompaniment pattern and drums suited to the mood), played by
 * FluidSynth with Debian's FluidR3 GM sound font, made to loop without a seam, levelled to
 * MUSIC_LUFS and encoded to AAC in apps/server/assets/music/<id>.m4a.
 *
 *   apt-get install -y fluidsynth fluid-soundfont-gm   # for this script only
 *   npx tsx scripts/make-music.mjs [id ...]
 *
 * Deterministic: the same script writes the same notes (a seeded random picks the melody).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hashString, seededRandom } from '../packages/render/src/engine/random.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT_DIR = path.join(ROOT, 'apps/server/assets/music')
const SOUND_FONT = '/usr/share/sounds/sf2/FluidR3_GM.sf2'
/** Every track's integrated loudness: as loud as the narration, so volume 1 matches the voice. */
const MUSIC_LUFS = -16
const TRUE_PEAK = -1.5
const RATE = 48000
const PPQ = 480
/** What is rendered past the last bar (reverb and release), folded back onto the start. */
const TAIL_SECONDS = 4

const MAJOR = [0, 2, 4, 5, 7, 9, 11]
const MINOR = [0, 2, 3, 5, 7, 8, 10]

/**
 * The pieces. Chords are scale degrees (0 = tonic), one per bar; `form` lists which progression
 * each 4-bar phrase plays. Programs are General MIDI numbers (0-based).
 */
const PIECES = {
  'still-water': {
    mood: 'calm',
    bpm: 72,
    key: 62, // D
    scale: MAJOR,
    progressions: [
      [0, 5, 3, 4],
      [3, 0, 5, 4],
    ],
    form: [0, 0, 1, 0, 1, 0],
    sevenths: true,
    melody: { program: 73, octave: 12, velocity: 70, rhythms: [[2, 2], [3, 1], [1, 1, 2], [4]] },
    accompaniment: { program: 0, style: 'arpeggio', velocity: 56, octave: -12 },
    pad: { program: 89, velocity: 44, octave: -12 },
    bass: { program: 32, style: 'whole', velocity: 70 },
    drums: null,
  },
  'bright-day': {
    mood: 'upbeat',
    bpm: 116,
    key: 67, // G
    scale: MAJOR,
    progressions: [
      [0, 4, 5, 3],
      [3, 4, 0, 4],
    ],
    form: [0, 0, 1, 0, 0, 1, 0, 1, 0, 0],
    sevenths: false,
    melody: {
      program: 12,
      octave: 0,
      velocity: 92,
      rhythms: [
        [0.5, 0.5, 1, 0.5, 0.5, 1],
        [1, 0.5, 0.5, 2],
        [0.5, 1, 0.5, 1, 1],
      ],
    },
    accompaniment: { program: 25, style: 'strum', velocity: 72, octave: -12 },
    pad: null,
    bass: { program: 33, style: 'drive', velocity: 88 },
    drums: 'pop',
  },
  'warm-hearts': {
    mood: 'tender',
    bpm: 66,
    key: 65, // F
    scale: MAJOR,
    progressions: [
      [0, 2, 3, 4],
      [5, 3, 0, 4],
    ],
    form: [0, 1, 0, 1, 1, 0],
    sevenths: true,
    melody: {
      program: 40,
      octave: 0,
      velocity: 72,
      rhythms: [
        [3, 1],
        [2, 1, 1],
        [1.5, 0.5, 2],
      ],
    },
    accompaniment: { program: 0, style: 'broken', velocity: 54, octave: -12 },
    pad: { program: 49, velocity: 46, octave: -12 },
    bass: { program: 42, style: 'halves', velocity: 64 },
    drums: null,
  },
  'high-ground': {
    mood: 'epic',
    bpm: 92,
    key: 62, // D minor
    scale: MINOR,
    progressions: [
      [0, 5, 2, 6],
      [5, 6, 0, 4],
    ],
    form: [0, 0, 1, 0, 1, 0, 0, 1],
    sevenths: false,
    melody: {
      program: 60,
      octave: 0,
      velocity: 96,
      rhythms: [
        [2, 1, 1],
        [3, 1],
        [1, 1, 1, 1],
      ],
    },
    accompaniment: { program: 48, style: 'ostinato', velocity: 78, octave: -12 },
    pad: { program: 52, velocity: 58, octave: -12 },
    bass: { program: 43, style: 'halves', velocity: 86 },
    drums: 'epic',
  },
  'little-steps': {
    mood: 'playful',
    bpm: 108,
    key: 72, // C
    scale: MAJOR,
    progressions: [
      [0, 3, 4, 0],
      [0, 5, 1, 4],
    ],
    form: [0, 1, 0, 1, 0, 1, 0, 1, 0],
    sevenths: false,
    melody: {
      program: 9,
      octave: 0,
      velocity: 84,
      rhythms: [
        [0.5, 0.5, 0.5, 0.5, 1, 1],
        [1, 1, 0.5, 0.5, 1],
        [0.5, 0.5, 1, 2],
      ],
    },
    accompaniment: { program: 45, style: 'pizzicato', velocity: 76, octave: -12 },
    pad: null,
    bass: { program: 70, style: 'bounce', velocity: 80 },
    drums: 'light',
  },
}

const pitchOf = (piece, degree) =>
  piece.key + piece.scale[((degree % 7) + 7) % 7] + 12 * Math.floor(degree / 7)

/** The chord's degrees: a triad on `root`, with its seventh when the piece asks. */
const chordDegrees = (piece, root) =>
  piece.sevenths ? [root, root + 2, root + 4, root + 6] : [root, root + 2, root + 4]

/**
 * The melody: one rhythm per bar from the mood's rhythms, chord tones on the bar's first note and
 * on long notes, steps of the scale between them; each 4-bar phrase repeats the piece's first
 * phrase of its progression with a varied last bar, so the tune is recognisable.
 */
function melody(piece, random) {
  const phrases = new Map()
  const notes = []
  let degree = 7
  const makePhrase = (chords) => {
    const bars = []
    for (const [b, root] of chords.entries()) {
      const rhythm = piece.melody.rhythms[Math.floor(random() * piece.melody.rhythms.length)]
      const chord = chordDegrees(piece, root).flatMap((d) => [d + 7, d + 14])
      const bar = []
      let beat = 0
      for (const [k, length] of rhythm.entries()) {
        const strong = k === 0 || length >= 2
        if (strong) {
          // The chord tone nearest the last note, within the tune's range.
          degree = chord
            .filter((d) => d >= 5 && d <= 13)
            .reduce((best, d) => (Math.abs(d - degree) < Math.abs(best - degree) ? d : best))
        } else {
          const step = random() < 0.5 ? -1 : 1
          degree = Math.min(13, Math.max(5, degree + step * (random() < 0.8 ? 1 : 2)))
        }
        // The last bar of a phrase rests on its chord's root for the cadence.
        if (b === chords.length - 1 && k === rhythm.length - 1) degree = root + 7
        bar.push({ beat, length, degree })
        beat += length
      }
      bars.push(bar)
    }
    return bars
  }
  piece.form.forEach((p, phrase) => {
    const chords = piece.progressions[p]
    if (!phrases.has(p)) phrases.set(p, makePhrase(chords))
    const bars = phrases.get(p).map((bar) => bar.map((n) => ({ ...n })))
    // A repeated phrase answers the first: its third bar is made anew.
    if (phrase > 0 && phrase % 2 === 1) bars[2] = makePhrase(chords)[2]
    bars.forEach((bar, b) => {
      const barStart = (phrase * 4 + b) * 4
      for (const n of bar) {
        notes.push({
          start: barStart + n.beat,
          length: n.length * 0.95,
          pitch: pitchOf(piece, n.degree) + piece.melody.octave,
          velocity: piece.melody.velocity - (n.beat % 1 === 0 ? 0 : 8),
        })
      }
    })
  })
  return notes
}

/** Each bar's chord root, for the whole piece. */
const barChords = (piece) => piece.form.flatMap((p) => piece.progressions[p])

function chordPitches(piece, root, octave) {
  return chordDegrees(piece, root).map((d) => pitchOf(piece, d) + octave)
}

/** The accompaniment's pattern over one bar. */
function accompaniment(piece) {
  const { style, velocity, octave } = piece.accompaniment
  return barChords(piece).flatMap((root, bar) => {
    const at = bar * 4
    const tones = chordPitches(piece, root, octave)
    const up = [...tones, tones[0] + 12, tones[1] + 12]
    switch (style) {
      case 'arpeggio':
        return [0, 1, 2, 3, 4, 3, 2, 1].map((k, i) => ({
          start: at + i * 0.5,
          length: 1.2,
          pitch: up[k % up.length],
          velocity: velocity - (i % 2) * 6,
        }))
      case 'broken':
        return [0, 2, 1, 3, 0, 2, 1, 4].map((k, i) => ({
          start: at + i * 0.5,
          length: 1,
          pitch: up[k % up.length],
          velocity: velocity - (i % 4 === 0 ? 0 : 8),
        }))
      case 'strum':
        // Down strokes on the beats, up strokes on the off-beats of 2 and 4.
        return [0, 1, 1.5, 2, 3, 3.5].flatMap((beat) =>
          tones.map((pitch, k) => ({
            start: at + beat + k * 0.02,
            length: 0.45,
            pitch: pitch + 12,
            velocity: velocity - (beat % 1 === 0 ? 0 : 14),
          })),
        )
      case 'ostinato':
        return Array.from({ length: 8 }, (_, i) => ({
          start: at + i * 0.5,
          length: 0.4,
          pitch: i % 4 === 2 ? tones[2] : tones[0],
          velocity: velocity + (i % 2 === 0 ? 8 : -6),
        }))
      case 'pizzicato':
        return [0, 1, 2, 3].flatMap((beat) => [
          { start: at + beat, length: 0.3, pitch: tones[beat % 2 === 0 ? 0 : 2], velocity },
          { start: at + beat + 0.5, length: 0.3, pitch: tones[1] + 12, velocity: velocity - 12 },
        ])
      default:
        throw new Error(`unknown accompaniment ${style}`)
    }
  })
}

function pad(piece) {
  return barChords(piece).flatMap((root, bar) =>
    chordPitches(piece, root, piece.pad.octave).map((pitch) => ({
      start: bar * 4,
      length: 4,
      pitch,
      velocity: piece.pad.velocity,
    })),
  )
}

function bass(piece) {
  const { style, velocity } = piece.bass
  return barChords(piece).flatMap((root, bar) => {
    const at = bar * 4
    const low = pitchOf(piece, root) - 24
    const fifth = pitchOf(piece, root + 4) - 24
    const note = (beat, length, pitch, v = velocity) => ({
      start: at + beat,
      length,
      pitch,
      velocity: v,
    })
    switch (style) {
      case 'whole':
        return [note(0, 3.9, low)]
      case 'halves':
        return [note(0, 1.9, low), note(2, 1.9, fifth, velocity - 8)]
      case 'drive':
        return [0, 1, 1.5, 2, 3, 3.5].map((beat, k) =>
          note(beat, 0.45, k === 3 ? fifth : low, velocity - (beat % 1 === 0 ? 0 : 10)),
        )
      case 'bounce':
        return [note(0, 0.4, low), note(1, 0.4, fifth), note(2, 0.4, low + 12), note(3, 0.4, fifth)]
      default:
        throw new Error(`unknown bass ${style}`)
    }
  })
}

const KICK = 36
const SNARE = 38
const HAT = 42
const CRASH = 49
const TOM = 45
const CLAP = 39
const SHAKER = 70
const WOODBLOCK = 76
const TIMPANI_ROLL = 41

function drums(piece) {
  const bars = barChords(piece).length
  const hits = []
  const hit = (bar, beat, pitch, velocity) =>
    hits.push({ start: bar * 4 + beat, length: 0.2, pitch, velocity })
  for (let bar = 0; bar < bars; bar++) {
    switch (piece.drums) {
      case 'pop':
        for (const beat of [0, 2.5]) hit(bar, beat, KICK, 96)
        hit(bar, 2, KICK, 84)
        for (const beat of [1, 3]) hit(bar, beat, SNARE, 84)
        for (let i = 0; i < 8; i++) hit(bar, i * 0.5, HAT, i % 2 === 0 ? 66 : 48)
        // A fill into each new phrase, and a crash where it starts.
        if (bar % 4 === 3) for (const beat of [3, 3.25, 3.5, 3.75]) hit(bar, beat, SNARE, 70)
        if (bar % 8 === 0 && bar > 0) hit(bar, 0, CRASH, 80)
        break
      case 'epic':
        hit(bar, 0, KICK, 104)
        hit(bar, 1.5, KICK, 84)
        hit(bar, 2, TOM, 96)
        hit(bar, 3, TOM, 88)
        hit(bar, 3.5, TOM, 96)
        if (bar % 4 === 0 && bar > 0) hit(bar, 0, CRASH, 90)
        if (bar % 4 === 3) hit(bar, 2, TIMPANI_ROLL, 90)
        break
      case 'light':
        for (const beat of [1, 3]) hit(bar, beat, CLAP, 70)
        for (let i = 0; i < 8; i++) hit(bar, i * 0.5, SHAKER, i % 2 === 0 ? 62 : 44)
        hit(bar, 0, KICK, 80)
        hit(bar, 2, WOODBLOCK, 70)
        break
      default:
        throw new Error(`unknown drums ${piece.drums}`)
    }
  }
  return hits
}

/** A MIDI variable-length quantity. */
function vlq(value) {
  const bytes = [value & 0x7f]
  for (let v = value >> 7; v > 0; v >>= 7) bytes.unshift((v & 0x7f) | 0x80)
  return bytes
}

/** One MTrk chunk: the notes on `channel` with its program, or the tempo when `tempo`. */
function trackChunk({ channel, program, notes, tempo, name }) {
  const events = []
  const meta = (type, data) => [0xff, type, ...vlq(data.length), ...data]
  events.push({ tick: 0, order: 0, bytes: meta(0x03, [...Buffer.from(name)]) })
  if (tempo !== undefined) {
    const us = Math.round(60_000_000 / tempo)
    events.push({ tick: 0, order: 0, bytes: meta(0x51, [us >> 16, (us >> 8) & 0xff, us & 0xff]) })
    events.push({ tick: 0, order: 0, bytes: meta(0x58, [4, 2, 24, 8]) })
  }
  if (program !== undefined) {
    events.push({ tick: 0, order: 1, bytes: [0xc0 | channel, program] })
    // A little of the synth's reverb and chorus, as a mix would have.
    events.push({ tick: 0, order: 1, bytes: [0xb0 | channel, 91, 50] })
    events.push({ tick: 0, order: 1, bytes: [0xb0 | channel, 93, 20] })
  }
  for (const n of notes ?? []) {
    const on = Math.round(n.start * PPQ)
    const off = Math.max(on + 1, Math.round((n.start + n.length) * PPQ))
    const velocity = Math.max(1, Math.min(127, Math.round(n.velocity)))
    // Offs before ons at the same tick, so a repeated note is struck again.
    events.push({ tick: on, order: 3, bytes: [0x90 | channel, n.pitch, velocity] })
    events.push({ tick: off, order: 2, bytes: [0x80 | channel, n.pitch, 0] })
  }
  events.sort((a, b) => a.tick - b.tick || a.order - b.order)
  const data = []
  let last = 0
  for (const e of events) {
    data.push(...vlq(e.tick - last), ...e.bytes)
    last = e.tick
  }
  data.push(0, 0xff, 0x2f, 0)
  const header = Buffer.alloc(8)
  header.write('MTrk', 0)
  header.writeUInt32BE(data.length, 4)
  return Buffer.concat([header, Buffer.from(data)])
}

/** The piece as a format 1 MIDI file, and its length in seconds (whole bars). */
function midiFile(id, piece) {
  // The engine's seeded random, seeded by the piece's id: the same melody every run.
  const random = seededRandom(hashString(id))
  const parts = [
    { name: 'melody', channel: 0, program: piece.melody.program, notes: melody(piece, random) },
    {
      name: 'accompaniment',
      channel: 1,
      program: piece.accompaniment.program,
      notes: accompaniment(piece),
    },
    { name: 'bass', channel: 2, program: piece.bass.program, notes: bass(piece) },
  ]
  if (piece.pad)
    parts.push({ name: 'pad', channel: 3, program: piece.pad.program, notes: pad(piece) })
  if (piece.drums) parts.push({ name: 'drums', channel: 9, notes: drums(piece) })
  const chunks = [
    trackChunk({ name: piece.mood, tempo: piece.bpm }),
    ...parts.map((p) => trackChunk(p)),
  ]
  const header = Buffer.alloc(14)
  header.write('MThd', 0)
  header.writeUInt32BE(6, 4)
  header.writeUInt16BE(1, 8)
  header.writeUInt16BE(chunks.length, 10)
  header.writeUInt16BE(PPQ, 12)
  const seconds = (barChords(piece).length * 4 * 60) / piece.bpm
  return { bytes: Buffer.concat([header, ...chunks]), seconds }
}

function ffmpeg(args) {
  return execFileSync('ffmpeg', ['-hide_banner', '-nostats', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  })
}

/** ffmpeg's ebur128 summary: integrated LUFS and true peak dBTP. */
function summaryOf(stderr) {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'))
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)[1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)[1]),
  }
}

function ebur128(inputs, graph) {
  const out = execFileSync(
    'sh',
    [
      '-c',
      'ffmpeg "$@" 2>&1 >/dev/null',
      'ffmpeg',
      '-hide_banner',
      '-nostats',
      ...inputs,
      '-filter_complex',
      `${graph},ebur128=peak=true:framelog=verbose`,
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  )
  return summaryOf(out)
}

function makeTrack(id, work) {
  const piece = PIECES[id]
  const { bytes, seconds } = midiFile(id, piece)
  const mid = path.join(work, `${id}.mid`)
  const raw = path.join(work, `${id}.wav`)
  writeFileSync(mid, bytes)
  // -g 0.4: FluidSynth's gain, low enough that no voice clips before the levelling.
  execFileSync('fluidsynth', ['-ni', '-g', '0.4', '-r', String(RATE), '-F', raw, SOUND_FONT, mid], {
    stdio: 'ignore',
  })
  const length = seconds.toFixed(6)
  // The loop: the piece cut at its last bar, the sound ringing past it laid over its start, so
  // the end flows into the beginning with no gap and no click.
  const loop =
    `[0:a]aresample=${RATE},asplit=2[body][rest];` +
    `[body]atrim=0:${length},asetpts=PTS-STARTPTS[b];` +
    `[rest]atrim=${length}:${(seconds + TAIL_SECONDS).toFixed(6)},asetpts=PTS-STARTPTS[t];` +
    `[b][t]amix=inputs=2:normalize=0:duration=first`
  const measured = ebur128(['-i', raw], loop)
  const gain = MUSIC_LUFS - measured.integrated
  // Half a dB under the bound: the AAC encoder overshoots peaks by a few tenths.
  const limit = (10 ** ((TRUE_PEAK - 0.5) / 20)).toFixed(4)
  const level = `volume=${gain.toFixed(2)}dB,alimiter=limit=${limit}:level=false:latency=true:attack=1:release=60`
  mkdirSync(OUT_DIR, { recursive: true })
  const out = path.join(OUT_DIR, `${id}.m4a`)
  ffmpeg([
    '-y',
    '-loglevel',
    'error',
    '-i',
    raw,
    '-filter_complex',
    `${loop},${level}`,
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    String(RATE),
    '-ac',
    '2',
    out,
  ])
  const final = ebur128(['-i', out], 'anull')
  console.log(
    `${id} (${piece.mood}): ${seconds.toFixed(1)} s, ${piece.bpm} bpm, ` +
      `${final.integrated.toFixed(1)} LUFS, true peak ${final.truePeak.toFixed(1)} dBTP`,
  )
}

const ids = process.argv.slice(2)
const work = mkdtempSync(path.join(tmpdir(), 'make-music-'))
try {
  for (const id of ids.length > 0 ? ids : Object.keys(PIECES)) {
    if (!PIECES[id]) throw new Error(`no piece ${id}`)
    makeTrack(id, work)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
