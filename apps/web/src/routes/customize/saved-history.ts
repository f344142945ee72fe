import { CompositionSchema } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { z } from 'zod'
import { docMeta, fromComposition, toComposition } from './editor-doc'
import type { DocMeta, EditorDoc, NewKey } from './editor-doc'
import type { History } from './history'

/** One step of the history: the doc, and the slide that was shown when it was left. */
export interface Entry {
  doc: EditorDoc
  slideIndex: number
}

/**
 * The undo history as browser storage keeps it (issue 36: undo survives a reload): each step as
 * its composition with the keys and AI params of its doc, and the composition it leads up to,
 * so a history is only given back to the composition it belongs to.
 */
const SavedEntrySchema = z.object({
  composition: CompositionSchema,
  meta: z.custom<DocMeta>((value) => Array.isArray(value)),
  slideIndex: z.number().int().min(0),
})
type SavedEntry = z.infer<typeof SavedEntrySchema>

const SavedHistorySchema = z.object({
  present: z.string(),
  past: z.array(SavedEntrySchema),
  future: z.array(SavedEntrySchema),
})
export type SavedHistory = z.infer<typeof SavedHistorySchema>

/**
 * A composition written the same way whichever path it took (the editor's doc, or browser storage
 * read back through the schema): the present is recognised by it.
 */
export function canonical(composition: Composition): string {
  return JSON.stringify(CompositionSchema.parse(composition))
}

function savedEntry(entry: Entry): SavedEntry {
  return {
    composition: toComposition(entry.doc),
    meta: docMeta(entry.doc),
    slideIndex: entry.slideIndex,
  }
}

/** The history to keep; `keep` steps of the past at most (the newest), for a full storage. */
export function toSaved(history: History<Entry>, keep = history.past.length): SavedHistory {
  return {
    present: canonical(toComposition(history.present.doc)),
    past: history.past.slice(history.past.length - keep).map(savedEntry),
    future: history.future.map(savedEntry),
  }
}

/**
 * The history saved for `composition` (the one the editor opens after a reload), or null when
 * the saved one belongs to another composition or cannot be read. The present is the one opened.
 */
export function fromSaved(
  saved: unknown,
  composition: Composition,
  present: Entry,
  newKey: NewKey,
): History<Entry> | null {
  const parsed = SavedHistorySchema.safeParse(saved)
  if (!parsed.success || parsed.data.present !== canonical(composition)) return null
  const entry = (e: SavedEntry): Entry => ({
    doc: fromComposition(e.composition, newKey, e.meta),
    slideIndex: e.slideIndex,
  })
  return {
    past: parsed.data.past.map(entry),
    present,
    future: parsed.data.future.map(entry),
    lastKey: null,
    lastAt: 0,
  }
}
