import { z } from 'zod'

const percent = z.number().min(0).max(100)

/** A box on the picture, percent of its width and height from the top-left corner. */
export const BoxSchema = z.object({ x: percent, y: percent, width: percent, height: percent })
export type Box = z.infer<typeof BoxSchema>

/** A thing the offline detector found in a picture: what it is, where, and how sure it is. */
export const SubjectSchema = z.object({
  /** One of DETECTABLE_THINGS' names. */
  label: z.string().max(40),
  box: BoxSchema,
  /** The detector's confidence, 0 to 1. */
  score: z.number().min(0).max(1),
})
export type Subject = z.infer<typeof SubjectSchema>

/** The words whose matching a story and a picture mean most: people, pets, rides, food. */
const ALSO: Record<string, string[]> = {
  person: ['man', 'woman', 'child', 'kid', 'kids', 'friend', 'friends', 'family', 'me', 'us'],
  bicycle: ['bike', 'bikes', 'cycling'],
  motorcycle: ['bike', 'bikes', 'motorbike'],
  car: ['drive', 'road'],
  boat: ['sailing', 'boating'],
  cat: ['kitten', 'kitty'],
  dog: ['puppy', 'doggy'],
  cup: ['coffee', 'tea', 'mug'],
  'wine glass': ['wine'],
  cake: ['birthday'],
  pizza: ['dinner'],
  surfboard: ['surf', 'surfing'],
  'pair of skis': ['ski', 'skiing'],
}

/**
 * The things the detector knows (COCO's 80 classes, in the model's class order), each as a
 * person says one of them and several: 'person' is 'a person' and 'two people'; and, for some,
 * other words a person's story may use for them ('bike' for a motorcycle, 'coffee' for a cup).
 */
export const DETECTABLE_THINGS: readonly { one: string; many: string; also: string[] }[] = [
  ['person', 'people'],
  ['bicycle', 'bicycles'],
  ['car', 'cars'],
  ['motorcycle', 'motorcycles'],
  ['airplane', 'airplanes'],
  ['bus', 'buses'],
  ['train', 'trains'],
  ['truck', 'trucks'],
  ['boat', 'boats'],
  ['traffic light', 'traffic lights'],
  ['fire hydrant', 'fire hydrants'],
  ['stop sign', 'stop signs'],
  ['parking meter', 'parking meters'],
  ['bench', 'benches'],
  ['bird', 'birds'],
  ['cat', 'cats'],
  ['dog', 'dogs'],
  ['horse', 'horses'],
  ['sheep', 'sheep'],
  ['cow', 'cows'],
  ['elephant', 'elephants'],
  ['bear', 'bears'],
  ['zebra', 'zebras'],
  ['giraffe', 'giraffes'],
  ['backpack', 'backpacks'],
  ['umbrella', 'umbrellas'],
  ['handbag', 'handbags'],
  ['tie', 'ties'],
  ['suitcase', 'suitcases'],
  ['frisbee', 'frisbees'],
  ['pair of skis', 'pairs of skis'],
  ['snowboard', 'snowboards'],
  ['ball', 'balls'],
  ['kite', 'kites'],
  ['baseball bat', 'baseball bats'],
  ['baseball glove', 'baseball gloves'],
  ['skateboard', 'skateboards'],
  ['surfboard', 'surfboards'],
  ['tennis racket', 'tennis rackets'],
  ['bottle', 'bottles'],
  ['wine glass', 'wine glasses'],
  ['cup', 'cups'],
  ['fork', 'forks'],
  ['knife', 'knives'],
  ['spoon', 'spoons'],
  ['bowl', 'bowls'],
  ['banana', 'bananas'],
  ['apple', 'apples'],
  ['sandwich', 'sandwiches'],
  ['orange', 'oranges'],
  ['broccoli', 'broccoli'],
  ['carrot', 'carrots'],
  ['hot dog', 'hot dogs'],
  ['pizza', 'pizzas'],
  ['donut', 'donuts'],
  ['cake', 'cakes'],
  ['chair', 'chairs'],
  ['couch', 'couches'],
  ['potted plant', 'potted plants'],
  ['bed', 'beds'],
  ['dining table', 'dining tables'],
  ['toilet', 'toilets'],
  ['tv', 'tvs'],
  ['laptop', 'laptops'],
  ['mouse', 'mice'],
  ['remote', 'remotes'],
  ['keyboard', 'keyboards'],
  ['phone', 'phones'],
  ['microwave', 'microwaves'],
  ['oven', 'ovens'],
  ['toaster', 'toasters'],
  ['sink', 'sinks'],
  ['fridge', 'fridges'],
  ['book', 'books'],
  ['clock', 'clocks'],
  ['vase', 'vases'],
  ['pair of scissors', 'pairs of scissors'],
  ['teddy bear', 'teddy bears'],
  ['hair dryer', 'hair dryers'],
  ['toothbrush', 'toothbrushes'],
].map(([one, many]) => ({ one: one!, many: many!, also: ALSO[one!] ?? [] }))

/** Every word that may name a found subject in a story: its names and ALSO's, lower case. */
export function subjectNames(subjects: readonly Subject[] | undefined): string[] {
  return [
    ...new Set(
      (subjects ?? []).flatMap((s) => {
        const thing = DETECTABLE_THINGS.find((t) => t.one === s.label)
        return thing ? [...thing.one.split(' '), ...thing.many.split(' '), ...thing.also] : []
      }),
    ),
  ].filter((w) => !['pair', 'pairs', 'of'].includes(w))
}

const NUMBERS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`)

/** "a cat", "an apple", "two boats", "many people". */
export function countedThing(label: string, count: number): string {
  const thing = DETECTABLE_THINGS.find((t) => t.one === label) ?? { one: label, many: label }
  if (count <= 1) return article(thing.one)
  return `${NUMBERS[count] ?? 'many'} ${thing.many}`
}

/**
 * The words a person would use for what a picture shows: its subjects counted by kind, the
 * most confident kind first, at most two kinds ("two boats", "a person and a dog"); '' when
 * nothing was found.
 */
export function subjectWords(subjects: readonly Subject[]): string {
  const counts = new Map<string, number>()
  for (const s of [...subjects].sort((a, b) => b.score - a.score)) {
    counts.set(s.label, (counts.get(s.label) ?? 0) + 1)
  }
  return [...counts]
    .slice(0, 2)
    .map(([label, count]) => countedThing(label, count))
    .join(' and ')
}

/** The box holding every subject, or null without subjects. */
export function unionBox(subjects: readonly Subject[]): Box | null {
  if (subjects.length === 0) return null
  const x0 = Math.min(...subjects.map((s) => s.box.x))
  const y0 = Math.min(...subjects.map((s) => s.box.y))
  const x1 = Math.max(...subjects.map((s) => s.box.x + s.box.width))
  const y1 = Math.max(...subjects.map((s) => s.box.y + s.box.height))
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** Subjects this close to the most confident one's score are as much the picture's subject. */
const MAIN_SUBJECT_SHARE = 0.8

/**
 * The box of what the picture is of: the most confident subject's, grown to hold the others
 * found about as surely (three boats, a person and their dog); null without subjects.
 */
export function mainSubjectBox(subjects: readonly Subject[] | undefined): Box | null {
  if (!subjects || subjects.length === 0) return null
  const best = Math.max(...subjects.map((s) => s.score))
  return unionBox(subjects.filter((s) => s.score >= best * MAIN_SUBJECT_SHARE))
}

/** A rectangle, in whatever units its caller measures (percent of a frame, pixels). */
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Text (a title, a caption, the narration's words) may cover at most this share of the detected
 * subjects' area on the frame: a corner of a box, not the face or the cat. bench/vision measures
 * it over the bench's photographs.
 */
export const SUBJECT_COVER_SHARE = 0.1

/** A person's head is about this share of their box, from its top. */
const HEAD_SHARE = 0.25

/**
 * The boxes text keeps off, in percent of the picture: each subject's, and a person's head once
 * more, since text over a face hides more than over a coat.
 */
export function boxesToKeepClear(subjects: readonly Subject[]): Box[] {
  return subjects.flatMap((s) =>
    s.label === 'person' ? [s.box, { ...s.box, height: s.box.height * HEAD_SHARE }] : [s.box],
  )
}

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))

/** The share of the subjects' area that the text's rectangle covers; 0 without subjects. */
export function coveredShare(text: Rect, subjects: readonly Rect[]): number {
  const area = subjects.reduce((sum, r) => sum + r.width * r.height, 0)
  if (area <= 0) return 0
  return subjects.reduce((sum, r) => sum + overlap(text, r), 0) / area
}
