import { DEFAULT_VOICE, UI_TEXT, VOICES } from '@storyreel/core'
import type { VoiceId } from '@storyreel/core'
import { Mic, MicOff, Music } from 'lucide-react'
import { useEffect, useId } from 'react'
import type { ReactNode } from 'react'
import { useStory } from '../../lib/store'
import { setVoice } from './editor-doc'
import { edit } from './editor-store'
import { PreviewButton } from './preview-button'
import { previewPlayer } from './use-audio-preview'

const VOICE_SAMPLE = 'voice:'

/** The narration's voice for the video (undoable) and the one the next video starts with. */
function chooseVoice(voice: VoiceId | null): void {
  // Arrowing through the list is one step back, not one per voice passed.
  edit((doc) => setVoice(doc, voice), { key: 'voice' })
  useStory.getState().setVoice(voice)
}

function VoiceOption({
  name,
  value,
  checked,
  title,
  detail,
  action,
}: {
  name: string
  value: VoiceId | null
  checked: boolean
  title: string
  detail: string
  action: ReactNode
}) {
  return (
    <div className="voice-option" data-checked={checked || undefined}>
      <label className="voice-option__choice">
        <input
          type="radio"
          className="voice-option__radio"
          name={name}
          value={value ?? 'off'}
          checked={checked}
          onChange={() => chooseVoice(value)}
        />
        <span className="voice-option__text">
          <span className="voice-option__name">{title}</span>
          <span className="voice-option__detail">{detail}</span>
        </span>
      </label>
      {action}
    </div>
  )
}

/**
 * The footer's Audio panel (SPEC section 2, /customize): Music, not offered yet, and the Voice
 * list: the six voices and Off, each voice with a sample to listen to (SPEC section 5).
 */
export function AudioPanel({ voice }: { voice: VoiceId | null }) {
  const name = useId()
  // A sample stops with the panel that started it.
  useEffect(
    () => () => {
      if (previewPlayer.state()?.key.startsWith(VOICE_SAMPLE)) previewPlayer.stop()
    },
    [],
  )
  return (
    <div className="audio-panel__body">
      <p className="audio-panel__row audio-panel__row--off">
        <Music size={18} aria-hidden="true" />
        <span>Music</span>
        <em>Coming soon</em>
      </p>
      <fieldset className="voice-list">
        <legend className="audio-panel__row audio-panel__legend">
          <Mic size={18} aria-hidden="true" />
          <span>Voice</span>
        </legend>
        {VOICES.map((option) => (
          <VoiceOption
            key={option.id}
            name={name}
            value={option.id}
            checked={voice === option.id}
            title={option.name}
            detail={`${option.gender === 'male' ? 'Male' : 'Female'}${option.id === DEFAULT_VOICE ? ' · Default' : ''}`}
            action={
              <PreviewButton
                previewKey={`${VOICE_SAMPLE}${option.id}`}
                text={UI_TEXT.audioPreviewDefaultText}
                voice={option.id}
                label={`Preview ${option.name}`}
                stopLabel={`Stop ${option.name} preview`}
              />
            }
          />
        ))}
        <VoiceOption
          name={name}
          value={null}
          checked={voice === null}
          title="Off"
          detail="No narration"
          action={
            <span className="voice-option__off" aria-hidden="true">
              <MicOff size={18} />
            </span>
          }
        />
      </fieldset>
    </div>
  )
}
