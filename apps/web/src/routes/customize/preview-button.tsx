import type { VoiceId } from '@storyreel/core'
import { Play, Square } from 'lucide-react'
import { IconButton } from '../../components/ui/icon-button'
import { Spinner } from '../../components/ui/spinner'
import { previewPlayer, usePreviewStatus } from './use-audio-preview'

interface PreviewToggleProps {
  /** Names this preview among all (a voice's sample, a slide's narration, a music track). */
  previewKey: string
  /** What the button says before it plays ('Preview Ben', 'Listen'). */
  label: string
  /** What it says while loading or playing, when a press stops it. */
  stopLabel: string
  /** Shows the label beside the icon. */
  showLabel?: boolean
  className?: string
}

export interface PreviewButtonProps extends PreviewToggleProps {
  text: string
  voice: VoiceId | null
}

/** Play icon, a spinner while the preview loads, stop while it plays; `onToggle` on a press. */
function PreviewToggle({
  previewKey,
  label,
  stopLabel,
  showLabel,
  className,
  onToggle,
}: PreviewToggleProps & { onToggle: () => void }) {
  const status = usePreviewStatus(previewKey)
  const icon =
    status === 'loading' ? (
      <Spinner size={16} />
    ) : status === 'playing' ? (
      <Square size={14} fill="currentColor" aria-hidden="true" />
    ) : (
      <Play size={16} fill="currentColor" aria-hidden="true" />
    )
  return (
    <IconButton
      label={status ? stopLabel : label}
      variant="soft"
      showLabel={showLabel}
      className={['preview-button', className].filter(Boolean).join(' ')}
      data-status={status ?? undefined}
      aria-busy={status === 'loading' || undefined}
      icon={icon}
      onClick={onToggle}
    />
  )
}

/** Plays a voice reading `text`. */
export function PreviewButton({ text, voice, ...props }: PreviewButtonProps) {
  return (
    <PreviewToggle
      {...props}
      onToggle={() => void previewPlayer.toggle(props.previewKey, text, voice)}
    />
  )
}

/** Plays an audio file from `url` (a music track). */
export function UrlPreviewButton({ url, ...props }: PreviewToggleProps & { url: string }) {
  return (
    <PreviewToggle
      {...props}
      onToggle={() => void previewPlayer.toggleUrl(props.previewKey, url)}
    />
  )
}
