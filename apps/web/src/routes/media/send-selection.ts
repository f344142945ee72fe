import type { MediaFile } from '@storyreel/core'
import { apiUrl } from '../../config'
import { randomId } from '../../lib/random-id'
import { useStory } from '../../lib/store'
import { slideFor } from '../customize/add-media'
import { appendSlides } from '../customize/editor-doc'
import { edit, openEditor, useEditor } from '../customize/editor-store'
import { clipSeconds } from './clip-seconds'
import { mergeFiles } from './destinations'

/** The chosen library files join the picked ones on /upload, after them. */
export function addToUpload(files: MediaFile[]): void {
  const story = useStory.getState()
  story.setUploaded(mergeFiles(story.uploadedFiles, files), story.descriptions)
}

/**
 * The chosen library files become new slides at the end of the composition, as the editor's own
 * 'Add more media' adds them: one undo step, the first new slide shown.
 */
export async function addToEditor(files: MediaFile[]): Promise<void> {
  const lengths = await Promise.all(
    files.map((file) =>
      file.type === 'video' ? clipSeconds(apiUrl(file.videoPath ?? file.path)) : null,
    ),
  )
  const story = useStory.getState()
  if (!story.composition) return
  // The app learns the files, so the editor's thumbnails and picker know them.
  story.setUploaded(mergeFiles(story.uploadedFiles, files), story.descriptions)
  // After a reload on /media the editor has not opened this composition yet.
  openEditor(story.composition)
  const first = useEditor.getState().history?.present.doc.slides.length ?? 0
  const slides = files.map((file, index) => slideFor(file, lengths[index] ?? null))
  edit((doc) => appendSlides(doc, slides, randomId), { slideIndex: first })
}
