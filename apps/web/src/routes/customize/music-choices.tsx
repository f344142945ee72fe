import { MUSIC_TRACKS, isBuiltInTrack, musicTrackUrl } from '@storyreel/core'
import type { AudioFile, Music } from '@storyreel/core'
import { Music as MusicIcon, Trash2, Upload, VolumeX } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { IconButton } from '../../components/ui/icon-button'
import { Slider } from '../../components/ui/slider'
import { Spinner } from '../../components/ui/spinner'
import { apiUrl } from '../../config'
import { formatSeconds } from '../../lib/format'
import { AudioOption } from './audio-option'
import { setMusicTrack, setMusicVolume } from './editor-doc'
import { edit } from './editor-store'
import { UrlPreviewButton } from './preview-button'
import { previewPlayer } from './use-audio-preview'
import { AUDIO_ACCEPT, useUserAudio } from './use-user-audio'

/** The preview keys of music tracks, apart from voice samples. */
export const MUSIC_PREVIEW = 'music:'

/** Chooses the video's music (undoable); arrowing through the list is one step back. */
function chooseTrack(track: Music['track'] | null): void {
  edit((doc) => setMusicTrack(doc, track), { key: 'music' })
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** What a user's file shows under its name: its length and its format. */
function fileDetail(file: AudioFile): string {
  return `${formatSeconds(file.duration)} · ${file.name.split('.').pop()!.toUpperCase()}`
}

function UploadProgress({ name, progress }: { name: string; progress: number }) {
  const percent = Math.round(progress * 100)
  const label = progress < 1 ? `Uploading ${name}` : `Checking ${name}`
  return (
    <div className="music-upload__progress" role="status">
      <div className="music-upload__progress-text">
        <Spinner size={16} />
        <span className="music-upload__progress-name">{label}</span>
        <span>{percent} %</span>
      </div>
      <div
        className="music-upload__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/**
 * The Audio panel's Music list (issue 34): Off, the built-in tracks with their mood, and "Your
 * music", the user's own files with an upload button; each with a preview, and the volume.
 */
export function MusicChoices({ music }: { music: Music | null }) {
  const name = useId()
  const input = useRef<HTMLInputElement>(null)
  const { files, loading, upload, send, remove } = useUserAudio((kept) => chooseTrack(kept.name))
  const [deleting, setDeleting] = useState<AudioFile | null>(null)
  const track = music?.track ?? null
  return (
    <fieldset className="audio-choices audio-choices--first">
      <legend className="audio-panel__row audio-panel__legend">
        <MusicIcon size={18} aria-hidden="true" />
        <span>Music</span>
      </legend>
      <AudioOption
        name={name}
        value="off"
        checked={track === null}
        title="Off"
        detail="No music"
        onChoose={() => chooseTrack(null)}
        action={
          <span className="audio-option__off" aria-hidden="true">
            <VolumeX size={18} />
          </span>
        }
      />
      {MUSIC_TRACKS.map((option) => (
        <AudioOption
          key={option.id}
          name={name}
          value={option.id}
          checked={track === option.id}
          title={option.title}
          detail={capitalised(option.mood)}
          onChoose={() => chooseTrack(option.id)}
          action={
            <UrlPreviewButton
              previewKey={`${MUSIC_PREVIEW}${option.id}`}
              url={apiUrl(musicTrackUrl(option.id))}
              label={`Preview ${option.title}`}
              stopLabel={`Stop ${option.title} preview`}
            />
          }
        />
      ))}
      <p className="audio-choices__heading" id={`${name}-own`}>
        Your music
      </p>
      {files.map((file) => (
        <AudioOption
          key={file.name}
          name={name}
          value={file.name}
          checked={track === file.name}
          title={file.originalName}
          detail={fileDetail(file)}
          onChoose={() => chooseTrack(file.name)}
          action={
            <>
              <UrlPreviewButton
                previewKey={`${MUSIC_PREVIEW}${file.name}`}
                url={apiUrl(file.path)}
                label={`Preview ${file.originalName}`}
                stopLabel={`Stop ${file.originalName} preview`}
              />
              <IconButton
                label={`Delete ${file.originalName}`}
                className="audio-option__delete"
                icon={<Trash2 size={18} aria-hidden="true" />}
                onClick={() => setDeleting(file)}
              />
            </>
          }
        />
      ))}
      {track !== null &&
      !loading &&
      !isBuiltInTrack(track) &&
      !files.some((f) => f.name === track) ? (
        <p className="audio-choices__note">Your chosen file is no longer in your library.</p>
      ) : null}
      <div className="music-upload">
        {upload ? (
          <UploadProgress name={upload.name} progress={upload.progress} />
        ) : (
          <button
            type="button"
            className="music-upload__button"
            onClick={() => input.current?.click()}
          >
            <Upload size={18} aria-hidden="true" />
            <span>Upload music</span>
            <small>MP3, M4A, WAV or OGG</small>
          </button>
        )}
        <input
          ref={input}
          type="file"
          accept={AUDIO_ACCEPT}
          hidden
          aria-label="Choose a music file"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void send(file)
          }}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
        title="Delete this music?"
        description={`${deleting?.originalName ?? ''} will be removed from your library.`}
        confirmLabel="Delete"
        icon={<Trash2 size={22} aria-hidden="true" />}
        onConfirm={() => {
          const file = deleting
          if (!file) return
          if (previewPlayer.state()?.key === `${MUSIC_PREVIEW}${file.name}`) previewPlayer.stop()
          void remove(file).then((gone) => {
            if (gone && track === file.name) chooseTrack(null)
          })
        }}
      />
      <div className="music-volume">
        <Slider
          label="Music volume"
          value={Math.round((music?.volume ?? 0) * 100)}
          min={0}
          max={100}
          step={5}
          disabled={!music}
          format={(value) => `${value} %`}
          onChange={(value) =>
            edit((doc) => setMusicVolume(doc, value / 100), { key: 'music-volume' })
          }
        />
      </div>
    </fieldset>
  )
}
