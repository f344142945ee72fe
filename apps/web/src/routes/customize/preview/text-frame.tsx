import { MAX_TEXT_LENGTH } from '@storyreel/core'
import type { PreviewSize, TextBox } from '@storyreel/render/browser'
import { Trash2 } from 'lucide-react'
import { useId, type CSSProperties, type KeyboardEvent, type RefObject } from 'react'
import type { Handle } from './text-drag'

/** The right edge changes the width; the corner both sides. */
const RESIZE_HANDLES = [
  { handle: 'width', label: 'Resize text width' },
  { handle: 'corner', label: 'Resize text' },
] as const

const pct = (x: number, of: number) => `${(x / of) * 100}%`

export interface TextFrameProps {
  box: TextBox
  preview: PreviewSize
  /**
   * Whether the frame draws the text at the playhead: not outside its times, nor where the
   * captions say its words (a hidden one's frame is faint).
   */
  shown: boolean
  moveButton: RefObject<HTMLButtonElement | null>
  /** The words being edited in place, or null. */
  editingText: string | null
  /** The inline editor's font: the text's own, at its size on screen. */
  editorFont: CSSProperties
  onKey(handle: Handle): (e: KeyboardEvent<HTMLButtonElement>) => void
  onDelete(): void
  onEditText(text: string): void
  onFinishEditing(keep: boolean): void
}

/** The selected text's box on the canvas, with its move, resize and delete buttons. */
export function TextFrame(props: TextFrameProps) {
  const { box, preview, editingText } = props
  const helpId = useId()
  const className = [
    'text-frame',
    props.shown ? '' : 'text-frame--hidden',
    // Too near the top for the delete button above it.
    box.top < preview.height * 0.12 ? 'text-frame--room-below' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const style = {
    left: pct(box.left, preview.width),
    top: pct(box.top, preview.height),
    width: pct(box.width, preview.width),
    height: pct(box.height, preview.height),
  }
  return (
    <div className={className} style={style}>
      <button
        ref={props.moveButton}
        type="button"
        className="text-frame__move"
        data-handle="move"
        aria-label="Move text"
        aria-describedby={`${helpId}-move`}
        onKeyDown={props.onKey('move')}
      />
      <span id={`${helpId}-move`} className="visually-hidden">
        Drag or use the arrow keys to move; press Enter or double-click to edit the words.
      </span>
      <span id={`${helpId}-resize`} className="visually-hidden">
        Drag or use the arrow keys to resize.
      </span>
      {editingText === null ? (
        <ResizeAndDelete helpId={helpId} onKey={props.onKey} onDelete={props.onDelete} />
      ) : (
        <TextEditor
          text={editingText}
          font={props.editorFont}
          onChange={props.onEditText}
          onFinish={props.onFinishEditing}
        />
      )}
    </div>
  )
}

function ResizeAndDelete(props: Pick<TextFrameProps, 'onKey' | 'onDelete'> & { helpId: string }) {
  return (
    <>
      {RESIZE_HANDLES.map(({ handle, label }) => (
        <button
          key={handle}
          type="button"
          className={`text-frame__handle text-frame__handle--${handle}`}
          data-handle={handle}
          aria-label={label}
          aria-describedby={`${props.helpId}-resize`}
          onKeyDown={props.onKey(handle)}
        />
      ))}
      <button
        type="button"
        className="text-frame__delete"
        data-handle="delete"
        aria-label="Delete text"
        onClick={props.onDelete}
      >
        <Trash2 size={16} aria-hidden="true" />
      </button>
    </>
  )
}

interface TextEditorProps {
  text: string
  font: CSSProperties
  onChange(text: string): void
  onFinish(keep: boolean): void
}

/** The words edited in place: Enter or leaving saves, Shift+Enter breaks the line, Escape drops. */
function TextEditor(props: TextEditorProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      props.onFinish(true)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      props.onFinish(false)
    }
  }
  return (
    <textarea
      className="text-frame__editor"
      aria-label="Edit text"
      autoFocus
      maxLength={MAX_TEXT_LENGTH}
      value={props.text}
      style={props.font}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      onBlur={() => props.onFinish(true)}
    />
  )
}
