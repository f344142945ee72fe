import type { Framing } from '@storyreel/core'
import { Segmented } from '../../components/ui/segmented'
import { setFraming } from './editor-doc'
import type { EditorDoc } from './editor-doc'
import { edit } from './editor-store'

const OPTIONS = [
  { value: 'cover', label: 'Fill frame' },
  { value: 'fit', label: 'Fit whole picture' },
] as const satisfies readonly { value: Framing; label: string }[]

/**
 * How the slide's picture meets a frame of another shape: cropped to fill it, or whole on a
 * blurred copy of itself. Each choice is one undo step; the preview redraws at once.
 */
export function FramingField({ doc, index }: { doc: EditorDoc; index: number }) {
  const framing = doc.slides[index]!.slide.framing ?? 'cover'
  return (
    <Segmented<Framing>
      label="Picture"
      value={framing}
      options={OPTIONS}
      onChange={(next) => edit((d) => setFraming(d, index, next))}
    />
  )
}
