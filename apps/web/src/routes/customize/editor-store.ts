import type { Composition } from '@storyreel/core'
import { useEffect } from 'react'
import { create } from 'zustand'
import { randomId } from '../../lib/random-id'
import { useStory } from '../../lib/store'
import { docMeta, fromComposition, toComposition } from './editor-doc'
import type { DocMeta, EditorDoc } from './editor-doc'
import { createHistory, record, redo, undo } from './history'
import type { History } from './history'
import { fromSaved, toSaved } from './saved-history'
import type { Entry } from './saved-history'

interface EditorState {
  /** The composition the history belongs to: the one last written to the story store. */
  source: Composition | null
  history: History<Entry> | null
  /** The slide shown; the carousel and the strip move it, edits and undo may too. */
  slideIndex: number
  /** The effect whose panel is open (its text handles show on the canvas). */
  effectIndex: number | null
}

/**
 * The editor's state in memory: undo history, the shown slide and the open effect. Every edit
 * writes the composition to the story store at once, which saves it to browser storage, so a
 * reload or a crash loses nothing; the history is saved beside it moments later, so undo and
 * redo work after a reload too.
 */
export const useEditor = create<EditorState>()(() => ({
  source: null,
  history: null,
  slideIndex: 0,
  effectIndex: null,
}))

/** Where the slide and effect keys and the AI's params wait for a reload (this tab only). */
const META_KEY = 'storyreel.editor'
/** Where the undo history waits for a reload, beside the composition in localStorage. */
const HISTORY_KEY = 'storyreel.editor.history'
/** Edits come in bursts (a slider drag): the history is written once they pause. */
const HISTORY_SAVE_MS = 400

// A story cleared (log out, a new video) takes the editor's history and saved keys with it.
useStory.subscribe((state, previous) => {
  if (state.composition === null && previous.composition !== null) {
    useEditor.setState({ source: null, history: null, slideIndex: 0, effectIndex: null })
    try {
      sessionStorage.removeItem(META_KEY)
      localStorage.removeItem(HISTORY_KEY)
    } catch {
      // Nothing saved.
    }
  }
})

let historySave: ReturnType<typeof setTimeout> | undefined

/**
 * Writes the history to localStorage; when it does not fit, with half as many past steps, down
 * to none (redo and the present's keys are still worth keeping).
 */
function saveHistory(): void {
  historySave = undefined
  const { history } = useEditor.getState()
  if (!history) return
  for (let keep = history.past.length; ; keep = Math.floor(keep / 2)) {
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(toSaved(history, keep)))
      return
    } catch {
      // Too big for the storage left (or a composition the schema refuses): fewer steps.
      if (keep === 0) return
    }
  }
}

useEditor.subscribe((state, previous) => {
  if (state.history === previous.history || !state.history) return
  clearTimeout(historySave)
  historySave = setTimeout(saveHistory, HISTORY_SAVE_MS)
})

// Leaving (a reload, a closed tab) before the pause: the last edits' history is written now.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (historySave !== undefined) {
      clearTimeout(historySave)
      saveHistory()
    }
  })
}

function loadHistory(): unknown {
  try {
    const text = localStorage.getItem(HISTORY_KEY)
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

function loadMeta(): DocMeta | null {
  try {
    const text = sessionStorage.getItem(META_KEY)
    return text ? (JSON.parse(text) as DocMeta) : null
  } catch {
    return null
  }
}

function saveMeta(doc: EditorDoc): void {
  try {
    sessionStorage.setItem(META_KEY, JSON.stringify(docMeta(doc)))
  } catch {
    // Storage full or refused: the keys are made anew after a reload.
  }
}

function clampSlide(doc: EditorDoc, index: number): number {
  return Math.min(Math.max(0, index), doc.slides.length - 1)
}

function validEffect(doc: EditorDoc, slideIndex: number, effectIndex: number | null) {
  if (effectIndex === null) return null
  return effectIndex < (doc.slides[slideIndex]?.slide.effects.length ?? 0) ? effectIndex : null
}

/** Every composition the editor wrote: seeing one again in the story store is no news. */
const written = new WeakSet<Composition>()

/** Writes the doc's composition to the story store (and so to browser storage). */
function commit(doc: EditorDoc): Composition {
  const composition = toComposition(doc)
  written.add(composition)
  useStory.getState().setComposition(composition)
  saveMeta(doc)
  return composition
}

/**
 * Starts editing a composition the editor did not write (a new compose, or one read back after
 * a reload); coming back to the page keeps the history.
 */
export function openEditor(composition: Composition): void {
  if (useEditor.getState().source === composition || written.has(composition)) return
  written.add(composition)
  const doc = fromComposition(composition, randomId, loadMeta())
  saveMeta(doc)
  const present = { doc, slideIndex: 0 }
  useEditor.setState({
    source: composition,
    history: fromSaved(loadHistory(), composition, present, randomId) ?? createHistory(present),
    slideIndex: 0,
    effectIndex: null,
  })
}

export interface EditOptions {
  /** Quick edits of the same thing with this key are one undo step (a slider drag, typing). */
  key?: string
  /** The slide to show after the edit (default: the one shown, or the last one left). */
  slideIndex?: number
  /** The effect panel to open after the edit (default: the open one, if it still exists). */
  effectIndex?: number | null
}

/** Applies one edit: recorded for undo and saved at once. An edit that changes nothing is dropped. */
export function edit(change: (doc: EditorDoc) => EditorDoc, options: EditOptions = {}): void {
  const { history, slideIndex, effectIndex } = useEditor.getState()
  if (!history) return
  const doc = history.present.doc
  const next = change(doc)
  if (next === doc) return
  const shown = clampSlide(next, options.slideIndex ?? slideIndex)
  const source = commit(next)
  useEditor.setState({
    source,
    history: record(
      history,
      { doc: next, slideIndex: shown },
      { key: options.key ?? null, leaving: { doc, slideIndex } },
    ),
    slideIndex: shown,
    effectIndex: validEffect(
      next,
      shown,
      options.effectIndex !== undefined ? options.effectIndex : effectIndex,
    ),
  })
}

/** Changes the doc without an undo step (clearing the old video's URL before a render). */
export function replaceDoc(change: (doc: EditorDoc) => EditorDoc): Composition | null {
  const { history } = useEditor.getState()
  if (!history) return null
  const doc = change(history.present.doc)
  const source = commit(doc)
  useEditor.setState({ source, history: { ...history, present: { ...history.present, doc } } })
  return source
}

function travel(step: typeof undo<Entry>): void {
  const { history, slideIndex, effectIndex } = useEditor.getState()
  if (!history) return
  const moved = step(history, { doc: history.present.doc, slideIndex })
  if (moved === history) return
  const { doc } = moved.present
  const shown = clampSlide(doc, moved.present.slideIndex)
  useEditor.setState({
    source: commit(doc),
    history: moved,
    slideIndex: shown,
    effectIndex: shown === slideIndex ? validEffect(doc, shown, effectIndex) : null,
  })
}

export const undoEdit = () => travel(undo)
export const redoEdit = () => travel(redo)

export function showSlide(index: number): void {
  const { history, slideIndex } = useEditor.getState()
  if (!history) return
  const next = clampSlide(history.present.doc, index)
  if (next !== slideIndex) useEditor.setState({ slideIndex: next, effectIndex: null })
}

export function openEffect(index: number | null): void {
  useEditor.setState({ effectIndex: index })
}

/** The doc being edited (null before openEditor). */
export function useDoc(): EditorDoc | null {
  return useEditor((state) => state.history?.present.doc ?? null)
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true
  return (
    target instanceof HTMLInputElement &&
    !['range', 'checkbox', 'radio', 'button', 'color'].includes(target.type)
  )
}

/**
 * Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (and Ctrl+Y) redoes, anywhere on the page except while
 * typing in a text field, where they belong to the field.
 */
export function useUndoShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return
      const key = event.key.toLowerCase()
      if (key === 'z') {
        event.preventDefault()
        if (event.shiftKey) redoEdit()
        else undoEdit()
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault()
        redoEdit()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
