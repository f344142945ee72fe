import * as Popover from '@radix-ui/react-popover'
import { MUSIC_TRACKS, VOICES } from '@storyreel/core'
import type { Composition, Music } from '@storyreel/core'
import { AudioLines, Clapperboard, House } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { useStuckBarPadding } from '../../lib/use-stuck-bar-padding'
import { AudioPanel } from './audio-panel'
import { VideoLength } from './video-length'

/** The voice's name, or 'Off' without narration. */
export function voiceName(voice: string | null): string {
  return voice ? (VOICES.find((v) => v.id === voice)?.name ?? voice) : 'Off'
}

/** The music's title: a built-in track's, 'Your music' for the user's own file, 'Off' without. */
export function musicName(music: Music | null | undefined): string {
  if (!music) return 'Off'
  return MUSIC_TRACKS.find((t) => t.id === music.track)?.title ?? 'Your music'
}

/**
 * The editor's footer (SPEC section 2, /customize): Home, Audio (the music and the narration's
 * voice) and the Render button.
 */
export function EditorFooter({
  composition,
  rendering,
  onRender,
}: {
  composition: Composition
  rendering: boolean
  onRender: () => void
}) {
  const slides = composition.composition.length
  const voice = voiceName(composition.movieParams.voice)
  const ref = useRef<HTMLElement>(null)
  useStuckBarPadding(ref, 'bottom')
  return (
    <footer ref={ref} className="sticky-bar editor-footer">
      <nav className="editor-footer__nav" aria-label="Editor">
        <Link to="/" className="editor-footer__link">
          <House size={20} aria-hidden="true" />
          <span>Home</span>
        </Link>
        <Popover.Root>
          <Popover.Trigger className="editor-footer__link">
            <AudioLines size={20} aria-hidden="true" />
            <span>Audio</span>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              className="popover-card audio-panel"
              side="top"
              align="start"
              sideOffset={10}
              collisionPadding={12}
              aria-label="Audio"
            >
              <AudioPanel
                voice={composition.movieParams.voice}
                music={composition.movieParams.music ?? null}
              />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </nav>
      <p className="editor-footer__summary">
        <strong>
          {slides} {slides === 1 ? 'slide' : 'slides'} · <VideoLength />
        </strong>
        <span>
          Voice: {voice} · Music: {musicName(composition.movieParams.music)}
        </span>
      </p>
      <Button
        size="lg"
        className="editor-footer__render"
        onClick={onRender}
        loading={rendering}
        icon={<Clapperboard size={20} aria-hidden="true" />}
      >
        Render
      </Button>
    </footer>
  )
}
