import {
  EFFECT_LABELS,
  RATIOS,
  RenderAnswerSchema,
  UI_TEXT,
  VOICES,
  compositionDuration,
} from '@storyreel/core'
import type { Composition, MediaFile, Slide } from '@storyreel/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Clapperboard, Clock, Film, Layers, Mic, Type } from 'lucide-react'
import { useNavigate } from 'react-router'
import { PageHeader } from '../components/page-header'
import { RedirectWithError } from '../components/redirect'
import { Timeline } from '../components/timeline'
import { Button } from '../components/ui/button'
import { toast } from '../components/ui/toast'
import { api, errorText } from '../lib/api'
import { uploadUrl } from '../lib/files'
import { formatSeconds } from '../lib/format'
import { refreshVideoLimit, useVideoLimit } from '../lib/session'
import { useStory } from '../lib/store'
import { useUserData } from '../lib/user-data'
import './customize.css'

/** The words a slide's text effects put on screen. */
function slideText(slide: Slide): string[] {
  return slide.effects.flatMap((effect) =>
    effect.name === 'animated_text' || effect.name === 'stream_text' ? [effect.params.text] : [],
  )
}

function SlideCard({
  slide,
  index,
  file,
  aspect,
}: {
  slide: Slide
  index: number
  file: MediaFile | undefined
  aspect: string
}) {
  const src = file?.path ?? uploadUrl(slide.filename)
  const isVideo = file ? file.type === 'video' : slide.filename.toLowerCase().endsWith('.mp4')
  const texts = slideText(slide)
  return (
    <li className="slide-card">
      <div className="slide-card__media" style={{ aspectRatio: aspect }}>
        {isVideo ? (
          <video
            src={src}
            muted
            loop
            autoPlay
            playsInline
            preload="metadata"
            aria-label={`Slide ${index + 1} video`}
          />
        ) : (
          <img src={file?.compressedUrl ?? src} alt={`Slide ${index + 1}`} loading="lazy" />
        )}
        <span className="slide-card__number">{index + 1}</span>
        <span className="slide-card__duration">
          <Clock size={12} aria-hidden="true" />
          {formatSeconds(slide.duration)}
        </span>
      </div>
      <div className="slide-card__body">
        <h3 className="slide-card__title">Slide {index + 1}</h3>
        {texts.map((text, i) => (
          <p key={i} className="slide-card__text">
            <Type size={14} aria-hidden="true" />
            <span>{text}</span>
          </p>
        ))}
        {slide.effects.length > 0 ? (
          <ul className="slide-card__effects" aria-label="Effects">
            {slide.effects.map((effect, i) => (
              <li key={i} className="chip">
                {EFFECT_LABELS[effect.name]}
              </li>
            ))}
          </ul>
        ) : (
          <p className="slide-card__none">No effects</p>
        )}
      </div>
    </li>
  )
}

export function Component() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const composition = useStory((state) => state.composition)
  const files = useStory((state) => state.uploadedFiles)
  const ratio = useStory((state) => state.ratio)
  const user = useUserData()
  const videoLimit = useVideoLimit()

  const render = useMutation({
    mutationFn: (toRender: Composition) =>
      api.post('/composition/render', { composition: toRender }, RenderAnswerSchema),
    onSuccess: ({ taskId }) => {
      useStory.getState().setTaskId(taskId)
      refreshVideoLimit(queryClient)
      void navigate(`/render/${taskId}`)
    },
    onError: (error) => toast.error(errorText(error, UI_TEXT.failedRender)),
  })

  const limitReached = videoLimit.data?.limitReached ?? user?.limitReached ?? false
  if (limitReached) return <RedirectWithError to="/format" />
  if (!composition || files.length === 0) {
    return <RedirectWithError to="/format" error={UI_TEXT.noComposition} />
  }

  const { width, height, voice } = composition.movieParams
  const aspect = `${width} / ${height}`
  const byName = new Map(files.map((file) => [file.name, file]))
  const voiceName = voice ? (VOICES.find((v) => v.id === voice)?.name ?? voice) : 'Off'
  const slides = composition.composition

  function startRender() {
    if (!composition || render.isPending) return
    // The composition is kept in browser storage (the store persists) without an old result.
    const toRender: Composition = { ...composition, renderedVideoUrl: null }
    useStory.getState().setComposition(toRender)
    render.mutate(toRender)
  }

  return (
    <div className="customize">
      <title>Your story · Storyreel</title>
      <Timeline current="customize" />
      <PageHeader
        title="Your story"
        subtitle="Here is the video we composed from your media. Render it when you're happy."
      />

      <ul className="customize__facts" aria-label="Video summary">
        <li>
          <Layers size={16} aria-hidden="true" />
          {slides.length} {slides.length === 1 ? 'slide' : 'slides'}
        </li>
        <li>
          <Clock size={16} aria-hidden="true" />
          {formatSeconds(compositionDuration(composition))}
        </li>
        <li>
          <Film size={16} aria-hidden="true" />
          {ratio ? `${RATIOS[ratio].label} · ` : ''}
          {width}×{height}
        </li>
        <li>
          <Mic size={16} aria-hidden="true" />
          Voice: {voiceName}
        </li>
      </ul>

      <ol className="slides">
        {slides.map((slide, index) => (
          <SlideCard
            key={`${slide.id}-${index}`}
            slide={slide}
            index={index}
            file={byName.get(slide.filename)}
            aspect={aspect}
          />
        ))}
      </ol>

      <div className="render-bar">
        <p className="render-bar__summary">
          <strong>Ready when you are</strong>
          <span>
            {slides.length} {slides.length === 1 ? 'slide' : 'slides'} ·{' '}
            {formatSeconds(compositionDuration(composition))}
          </span>
        </p>
        <Button
          size="lg"
          className="render-bar__button"
          onClick={startRender}
          loading={render.isPending}
          icon={<Clapperboard size={20} aria-hidden="true" />}
        >
          Render
        </Button>
      </div>
    </div>
  )
}
