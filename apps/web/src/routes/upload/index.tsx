import { RATIOS, UI_TEXT, type Ratio } from '@storyreel/core'
import { Wand2 } from 'lucide-react'
import { useRef, type Ref } from 'react'
import { LoadingOverlay } from '../../components/loading-overlay'
import { PageHeader } from '../../components/page-header'
import { RedirectWithError } from '../../components/redirect'
import { Timeline } from '../../components/timeline'
import { Button } from '../../components/ui/button'
import { toast } from '../../components/ui/toast'
import { ACCEPT, acceptedUploads } from '../../lib/files'
import { useVideoLimit } from '../../lib/session'
import { useStory } from '../../lib/store'
import { useLeaveWarning } from '../../lib/use-leave-warning'
import { useUserData } from '../../lib/user-data'
import { PhotoButton } from './camera/photo-button'
import type { ComposePhase } from './compose'
import { Dropzone, MediaTiles } from './media-tiles'
import { GenerateLink, MediaLink } from './source-links'
import { SuggestionField } from './suggestion-field'
import { tilesOf } from './upload-tiles'
import { useComposeVideo } from './use-compose-video'
import { useFileDrop } from './use-file-drop'
import './upload.css'

const PHASE_TEXT: Record<ComposePhase, string> = {
  describing: UI_TEXT.analyzingFiles,
  composing: UI_TEXT.generatingComposition,
}

export function Component() {
  const story = useStory()
  const user = useUserData()
  const videoLimit = useVideoLimit()
  const { phase, submit } = useComposeVideo()
  const inputRef = useRef<HTMLInputElement>(null)
  const addFiles = (list: ArrayLike<File> | null) => {
    // 'Please upload at least one file.' and a refused pick are about the files: new ones answer them.
    toast.dismissErrors()
    const accepted = acceptedUploads(list, toast.error)
    if (accepted.length > 0) story.addPendingFiles(accepted)
  }
  const { dragging, dropHandlers } = useFileDrop(addFiles)
  useLeaveWarning(story.pendingFiles.length > 0)

  const limitReached = videoLimit.data?.limitReached ?? user?.limitReached ?? false
  if (limitReached) return <RedirectWithError to="/format" />
  if (!story.ratio) return <RedirectWithError to="/format" error={UI_TEXT.selectRatioFirst} />
  const ratio = story.ratio
  const tiles = tilesOf(story)
  const openPicker = () => inputRef.current?.click()
  const composeVideo = () => void submit(ratio, tiles.length)

  return (
    <div className={dragging ? 'upload upload--dragging' : 'upload'} {...dropHandlers}>
      <title>Add your media · Storyreel</title>
      <Timeline current="upload" />
      <PageHeader
        title="Add your photos and clips"
        subtitle="They play in the order shown. Add a few words about your story and we'll do the rest."
        aside={<RatioChip ratio={ratio} />}
      />
      <FileInput ref={inputRef} onFiles={addFiles} />
      {tiles.length === 0 ? (
        <Dropzone onClick={openPicker} />
      ) : (
        <MediaTiles tiles={tiles} disabled={story.loading} onAdd={openPicker} />
      )}
      <div className="upload__sources">
        <GenerateLink />
        <PhotoButton onPhoto={(photo) => addFiles([photo])} disabled={story.loading} />
        <MediaLink />
      </div>
      <SuggestionField
        value={story.suggestion}
        onChange={story.setSuggestion}
        onSubmit={composeVideo}
      />
      <ComposeBar disabled={tiles.length === 0} loading={story.loading} onClick={composeVideo} />
      {phase ? <LoadingOverlay text={PHASE_TEXT[phase]} detail="This can take a moment." /> : null}
    </div>
  )
}

/** The format chosen on /format, shape and name. */
function RatioChip({ ratio }: { ratio: Ratio }) {
  return (
    <span className="chip upload__ratio" title={RATIOS[ratio].description}>
      <span className="upload__ratio-shape" style={{ aspectRatio: ratio.replace(':', '/') }} />
      {RATIOS[ratio].label} · {RATIOS[ratio].description}
    </span>
  )
}

/** The file picker, hidden: the dropzone and 'Upload More' open it. */
function FileInput(props: { ref: Ref<HTMLInputElement>; onFiles(files: FileList | null): void }) {
  return (
    <input
      ref={props.ref}
      id="upload-files"
      className="visually-hidden"
      type="file"
      accept={ACCEPT}
      multiple
      tabIndex={-1}
      aria-label="Choose files"
      onChange={(event) => {
        props.onFiles(event.target.files)
        event.target.value = ''
      }}
    />
  )
}

function ComposeBar(props: { disabled: boolean; loading: boolean; onClick(): void }) {
  return (
    <div className="sticky-bar compose-bar">
      <Button
        size="lg"
        className="compose-bar__button"
        onClick={props.onClick}
        disabled={props.disabled}
        loading={props.loading}
        icon={<Wand2 size={18} aria-hidden="true" />}
      >
        Compose video
      </Button>
    </div>
  )
}
