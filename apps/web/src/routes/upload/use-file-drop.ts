import { useState, type DragEvent } from 'react'

/**
 * Files dropped anywhere on the page: `dropHandlers` go on its root, and `dragging` says files
 * are over it (leaving for one of its own elements is not leaving it).
 */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false)

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setDragging(true)
  }

  function onDragLeave(event: DragEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    onFiles(event.dataTransfer.files)
  }

  return { dragging, dropHandlers: { onDragOver, onDragLeave, onDrop } }
}
