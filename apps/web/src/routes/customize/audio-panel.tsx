import { DEFAULT_VOICE, UI_TEXT, VOICES } from '@storyreel/core'
import type { Music, VoiceId } from '@storyreel/core'
import { Mic, MicOff } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useStory } from '../../lib/store'
import { AudioOption } from './audio-option'
import { setVoice } from './editor-doc'
import { edit } from './editor-store'
import { MUSIC_PREVIEW, MusicChoices } from './music-choices'
import { PreviewButton } from './preview-button'
import { previewPlayer } from './use-audio-preview'

const VOICE_SAMPLE = 'voice:'

/** The narration's voice for the video (undoable) and the one the next video starts with. */
function chooseVoice(voice: VoiceId | null): void {
  // Arrowing through the list is one step back, not one per voice passed.
  edit((doc) => setVoice(doc, voice), { key: 'voice' })
  useStory.getState().setVoice(voice)
}

/**
 * The footer's Audio panel (SPEC section 2, /customize): the Music list (issue 34: Off, the
 * built-in tracks and the user's own files, with their volume) and the Voice list: the six
 * voices and Off, each voice with a sample to listen to (SPEC section 5).
 */
export function AudioPanel({ voice, music }: { voice: VoiceId | null; music: Music | null }) {
  const name = useId()
  // A sample or a track stops with the panel that started it.
  useEffect(
    () => () => {
      const key = previewPlayer.state()?.key
      if (key?.startsWith(VOICE_SAMPLE) || key?.startsWith(MUSIC_PREVIEW)) previewPlayer.stop()
    },
    [],
  )
  return (
    <div className="audio-panel__body">
      <MusicChoices music={music} />
      <fieldset className="audio-choices">
        <legend className="audio-panel__row audio-panel__legend">
          <Mic size={18} aria-hidden="true" />
          <span>Voice</span>
        </legend>
        {VOICES.map((option) => (
          <AudioOption
            key={option.id}
            name={name}
            value={option.id}
            checked={voice === option.id}
            onChoose={() => chooseVoice(option.id)}
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
        <AudioOption
          name={name}
          value="off"
          checked={voice === null}
          onChoose={() => chooseVoice(null)}
          title="Off"
          detail="No narration"
          action={
            <span className="audio-option__off" aria-hidden="true">
              <MicOff size={18} />
            </span>
          }
        />
      </fieldset>
    </div>
  )
}
