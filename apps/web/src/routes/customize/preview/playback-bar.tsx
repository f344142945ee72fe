import { FPS } from '@storyreel/render/browser'
import { Clapperboard, Pause, Play } from 'lucide-react'
import type { CSSProperties } from 'react'

export interface PlaybackBarProps {
  /** Seconds into the slide. */
  time: number
  /** The slide's length, seconds. */
  duration: number
  playing: boolean
  /** The whole video is playing, slide after slide. */
  playingVideo: boolean
  disabled: boolean
  onSeek(t: number): void
  onTogglePlay(): void
  onTogglePlayVideo(): void
}

/** '1.3' : seconds with one decimal, as the time shows under the preview. */
const clock = (s: number) => (Math.floor(s * 10 + 1e-6) / 10).toFixed(1)

/** Play or pause the slide, scrub its time, play the whole video. */
export function PlaybackBar(props: PlaybackBarProps) {
  const { time, duration, playing, playingVideo, disabled } = props
  const filled = duration > 0 ? Math.min(100, (time / duration) * 100) : 0
  return (
    <div className="playback-bar">
      <button
        type="button"
        className="playback-bar__play"
        aria-label={playing ? 'Pause' : 'Play'}
        title={playing ? 'Pause' : 'Play this slide'}
        disabled={disabled}
        onClick={props.onTogglePlay}
      >
        {playing ? <Pause size={20} aria-hidden="true" /> : <Play size={20} aria-hidden="true" />}
      </button>
      <input
        type="range"
        className="playback-bar__time"
        aria-label="Time"
        aria-valuetext={`${clock(time)} of ${clock(duration)} seconds`}
        min={0}
        max={duration}
        step={1 / FPS}
        value={time}
        disabled={disabled}
        style={{ '--filled': `${filled}%` } as CSSProperties}
        onChange={(e) => props.onSeek(e.currentTarget.valueAsNumber)}
      />
      <span className="playback-bar__clock" aria-hidden="true">
        {clock(time)} / {clock(duration)} s
      </span>
      <button
        type="button"
        className="playback-bar__video"
        aria-pressed={playingVideo}
        disabled={disabled}
        onClick={props.onTogglePlayVideo}
      >
        <Clapperboard size={18} aria-hidden="true" />
        <span>Play video</span>
      </button>
    </div>
  )
}
