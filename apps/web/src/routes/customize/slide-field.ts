import type { EditorDoc } from './editor-doc'

/**
 * What a field of the shown slide's card is given: the doc, the slide's place in it, and its key
 * (a field's edits of one slide merge into one undo step under it).
 */
export interface SlideFieldProps {
  doc: EditorDoc
  index: number
  slideKey: string
}
