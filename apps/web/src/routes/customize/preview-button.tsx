import type { VoiceId } from '@storyreel/core'
import { Play, Square } from 'lucide-react'
import { IconButton } from '../../components/ui/icon-button'
import { Spinner } from '../../components/ui/spinner'
import { previewPlayer, usePreviewStatus } from './use-audio-preview'

export interface PreviewButtonProps {
  /** Names this preview among all (a voice's sample, a slide's narration). */
  previewKey: string
  text: string
  voice: VoiceId | null
  /** What the button says before it plays ('Preview Ben', 'Listen'). */
  label: string
  /** What it says while loading or playing, when a press stops it. */
  stopLabel: string
  /** Shows the label beside the icon. */
  showLabel?: boolean
  className?: string
}

/** Plays a voice reading `text` (play icon), a spinner while it loads, stop while it plays. */
export function PreviewButton({
  previewKey,
  text,
  voice,
  label,
  stopLabel,
  showLabel,
  className,
}: PreviewButtonProps) {
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
      onClick={() => void previewPlayer.toggle(previewKey, text, voice)}
    />
  )
}
