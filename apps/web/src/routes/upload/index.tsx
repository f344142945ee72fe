import { RATIOS, UI_TEXT } from '@storyreel/core'
import { ImagePlus, Plus, Video, Wand2, X } from 'lucide-react'
import { useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { useNavigate } from 'react-router'
import { LoadingOverlay } from '../../components/loading-overlay'
import { PageHeader } from '../../components/page-header'
import { RedirectWithError } from '../../components/redirect'
import { Timeline } from '../../components/timeline'
import { Button } from '../../components/ui/button'
import { toast } from '../../components/ui/toast'
import { errorText } from '../../lib/api'
import { ACCEPT, acceptedUploads, previewSrc } from '../../lib/files'
import { useVideoLimit } from '../../lib/session'
import { useStory } from '../../lib/store'
import { useLeaveWarning } from '../../lib/use-leave-warning'
import { useUserData } from '../../lib/user-data'
import { PhotoButton } from './camera/photo-button'
import { ComposeError, compose } from './compose'
import type { ComposePhase } from './compose'
import './upload.css'

const PHASE_TEXT: Record<ComposePhase, string> = {
  describing: UI_TEXT.analyzingFiles,
  composing: UI_TEXT.generatingComposition,
}

interface Tile {
  key: string
  label: string
  kind: 'image' | 'video'
  src: string
  remove: () => void
}

export function Component() {
  const navigate = useNavigate()
  const story = useStory()
  const user = useUserData()
  const videoLimit = useVideoLimit()
  const [phase, setPhase] = useState<ComposePhase | null>(null)
  const [dragging, setDragging] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  useLeaveWarning(story.pendingFiles.length > 0)

  const limitReached = videoLimit.data?.limitReached ?? user?.limitReached ?? false
  if (limitReached) return <RedirectWithError to="/format" />
  if (!story.ratio) return <RedirectWithError to="/format" error={UI_TEXT.selectRatioFirst} />
  const ratio = story.ratio

  const tiles: Tile[] = [
    ...story.uploadedFiles.map((file) => ({
      key: file.name,
      label: file.name,
      kind: file.type,
      src: previewSrc(file),
      remove: () => story.removeUploadedFile(file.name),
    })),
    ...story.pendingFiles.map((pending) => ({
      key: pending.id,
      label: pending.label,
      kind: pending.kind,
      src: pending.previewUrl,
      remove: () => story.removePendingFile(pending.id),
    })),
  ]
  const videoCount = tiles.filter((tile) => tile.kind === 'video').length
  const photoCount = tiles.length - videoCount

  function addFiles(list: ArrayLike<File> | null) {
    const accepted = acceptedUploads(list, toast.error)
    if (accepted.length > 0) story.addPendingFiles(accepted)
  }

  function openPicker() {
    inputRef.current?.click()
  }

  async function submit() {
    if (story.loading) return
    if (tiles.length === 0) {
      toast.error(UI_TEXT.uploadAtLeastOne)
      return
    }
    story.setLoading(true)
    try {
      const { composition } = await compose({
        suggestion: story.suggestion.trim(),
        ratio,
        voice: story.voice,
        uploaded: story.uploadedFiles,
        descriptions: story.descriptions,
        pending: story.pendingFiles,
        onPhase: setPhase,
        onDescribed: (files, descriptions) => {
          useStory.getState().setUploaded(files, descriptions)
          useStory.getState().clearPendingFiles()
        },
      })
      useStory.getState().setComposition(composition)
      void navigate('/customize')
    } catch (error) {
      const step = error instanceof ComposeError ? error.step : 'composing'
      const cause = error instanceof ComposeError ? error.cause : error
      toast.error(
        errorText(
          cause,
          step === 'describing' ? UI_TEXT.failedDescriptions : UI_TEXT.failedCompose,
        ),
      )
    } finally {
      useStory.getState().setLoading(false)
      setPhase(null)
    }
  }

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setDragging(true)
  }

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    addFiles(event.dataTransfer.files)
  }

  return (
    <div
      className={dragging ? 'upload upload--dragging' : 'upload'}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={onDrop}
    >
      <title>Add your media · Storyreel</title>
      <Timeline current="upload" />
      <PageHeader
        title="Add your photos and clips"
        subtitle="They play in the order shown. Add a few words about your story and we'll do the rest."
        aside={
          <span className="chip upload__ratio" title={RATIOS[ratio].description}>
            <span
              className="upload__ratio-shape"
              style={{ aspectRatio: ratio.replace(':', '/') }}
            />
            {RATIOS[ratio].label} · {RATIOS[ratio].description}
          </span>
        }
      />

      <input
        ref={inputRef}
        id="upload-files"
        className="visually-hidden"
        type="file"
        accept={ACCEPT}
        multiple
        tabIndex={-1}
        aria-label="Choose files"
        onChange={(event) => {
          addFiles(event.target.files)
          event.target.value = ''
        }}
      />

      {tiles.length === 0 ? (
        <button type="button" className="dropzone" onClick={openPicker}>
          <span className="dropzone__icon" aria-hidden="true">
            <ImagePlus size={30} />
          </span>
          <span className="dropzone__title">Choose photos or clips</span>
          <span className="dropzone__hint">
            PNG, JPG, WEBP, GIF or MP4 · up to 50 MB each
            <span className="dropzone__drag"> · or drop them here</span>
          </span>
        </button>
      ) : (
        <section aria-labelledby="upload-files-title">
          <div className="upload__count">
            <h2 id="upload-files-title" className="upload__count-title">
              Your media
            </h2>
            <span className="upload__count-text">
              {[
                photoCount > 0 && `${photoCount} ${photoCount === 1 ? 'photo' : 'photos'}`,
                videoCount > 0 && `${videoCount} ${videoCount === 1 ? 'clip' : 'clips'}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <ul className="tile-grid">
            {tiles.map((tile, index) => (
              <li key={tile.key} className="media-tile">
                {tile.kind === 'video' ? (
                  <video
                    className="media-tile__media"
                    src={`${tile.src}#t=0.1`}
                    muted
                    playsInline
                    preload="metadata"
                    aria-label={tile.label}
                  />
                ) : (
                  <img className="media-tile__media" src={tile.src} alt={tile.label} />
                )}
                <span className="media-tile__index" aria-hidden="true">
                  {index + 1}
                </span>
                {tile.kind === 'video' ? (
                  <span className="media-tile__kind" aria-hidden="true">
                    <Video size={14} />
                  </span>
                ) : null}
                <button
                  type="button"
                  className="media-tile__remove"
                  aria-label={`Remove ${tile.label}`}
                  onClick={tile.remove}
                  disabled={story.loading}
                >
                  <X size={16} strokeWidth={2.5} aria-hidden="true" />
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="media-tile media-tile--add" onClick={openPicker}>
                <Plus size={26} aria-hidden="true" />
                <span>Upload More</span>
              </button>
            </li>
          </ul>
        </section>
      )}

      <div className="upload__sources">
        <PhotoButton onPhoto={(photo) => addFiles([photo])} disabled={story.loading} />
      </div>

      <section className="suggestion card">
        <label htmlFor="upload-suggestion" className="suggestion__label">
          What is your video about? <span className="suggestion__optional">Optional</span>
        </label>
        <p id="upload-suggestion-hint" className="suggestion__hint">
          A few words on the story, the mood or the occasion help us compose your video.
        </p>
        <input
          id="upload-suggestion"
          className="field__input"
          placeholder="e.g. A sunny weekend in Lisbon with friends"
          aria-describedby="upload-suggestion-hint"
          value={story.suggestion}
          maxLength={2000}
          enterKeyHint="go"
          onChange={(event) => story.setSuggestion(event.target.value)}
          onKeyDown={(event) => {
            // Enter composes, and says why not when there is nothing to compose.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
            event.preventDefault()
            void submit()
          }}
        />
      </section>

      <div className="sticky-bar compose-bar">
        <Button
          size="lg"
          className="compose-bar__button"
          onClick={() => void submit()}
          disabled={tiles.length === 0}
          loading={story.loading}
          icon={<Wand2 size={18} aria-hidden="true" />}
        >
          Compose video
        </Button>
      </div>

      {phase ? <LoadingOverlay text={PHASE_TEXT[phase]} detail="This can take a moment." /> : null}
    </div>
  )
}
