import { IMAGE_COUNTS, UI_TEXT, mediaApi, planAtLeast } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { PlugZap, Sparkles, Wand2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { RedirectWithError } from '../../components/redirect'
import { Button } from '../../components/ui/button'
import { Segmented } from '../../components/ui/segmented'
import { toast } from '../../components/ui/toast'
import { apiUrl } from '../../config'
import { callApi, errorText } from '../../lib/api'
import { useStory } from '../../lib/store'
import { useUserData } from '../../lib/user-data'
import { uploadsKey } from '../customize/media-picker'
import { backPath } from '../media/destinations'
import { SkeletonTiles } from '../media/media-grid'
import { MediaState } from '../media/media-state'
import { MediaTile } from '../media/media-tile'
import { positionOf, toggle } from '../media/selection'
import type { Selection } from '../media/selection'
import { SelectionBar } from '../media/selection-bar'
import { addToUpload } from '../media/send-selection'
import { isGenerationUnavailable } from './dalle-api'
import {
  DEFAULT_OPTIONS,
  canChooseCount,
  optionsError,
  requestBody,
  withModel,
} from './generate-options'
import type { GenerateOptions, Model } from './generate-options'
import '../media/media.css'
import './generate.css'

/**
 * A generated image, already in the user's library: named by its stored name (a selection tells
 * items apart by name), shown by its preview.
 */
interface GeneratedImage {
  name: string
  src: string
  file: MediaFile
}

const SIZE_OPTIONS = [
  { value: '1024x1024', label: 'Square' },
  { value: '1024x1792', label: 'Tall' },
  { value: '1792x1024', label: 'Wide' },
] as const

/** The choices besides the prompt (SPEC section 5): model, size, quality, style and count. */
function AdvancedOptions({
  options,
  onChange,
  disabled,
}: {
  options: GenerateOptions
  onChange: (options: GenerateOptions) => void
  disabled: boolean
}) {
  const countable = canChooseCount(options.model)
  return (
    <details className="generate__advanced">
      <summary>Advanced options</summary>
      <div className="generate__options">
        <Segmented<Model>
          label="Model"
          value={options.model}
          options={[
            { value: 'dall-e-3', label: 'DALL·E 3' },
            { value: 'dall-e-2', label: 'DALL·E 2' },
          ]}
          onChange={(model) => onChange(withModel(options, model))}
          disabled={disabled}
        />
        <div>
          <Segmented
            label="Size"
            value={options.size}
            options={SIZE_OPTIONS}
            onChange={(size) => onChange({ ...options, size })}
            disabled={disabled}
          />
          <p className="generate__hint">{options.size.replace('x', ' × ')} pixels</p>
        </div>
        <Segmented
          label="Quality"
          value={options.quality}
          options={[
            { value: 'standard', label: 'Standard' },
            { value: 'hd', label: 'HD' },
          ]}
          onChange={(quality) => onChange({ ...options, quality })}
          disabled={disabled}
        />
        <Segmented
          label="Style"
          value={options.style}
          options={[
            { value: 'vivid', label: 'Vivid' },
            { value: 'natural', label: 'Natural' },
          ]}
          onChange={(style) => onChange({ ...options, style })}
          disabled={disabled}
        />
        <div>
          <Segmented
            label="Images"
            value={String(options.n)}
            options={IMAGE_COUNTS.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(n) => onChange({ ...options, n: Number(n) as GenerateOptions['n'] })}
            disabled={disabled || !countable}
          />
          {countable ? null : <p className="generate__hint">{UI_TEXT.moreImagesNeedDalle2}</p>}
        </div>
      </div>
    </details>
  )
}

/**
 * /generate (SPEC sections 2 and 5), PRO only: images made from a prompt; the chosen ones join
 * the picked files on /upload.
 */
export function Component() {
  const navigate = useNavigate()
  const plan = useUserData()?.subscription.type
  const [options, setOptions] = useState(DEFAULT_OPTIONS)
  const [images, setImages] = useState<GeneratedImage[]>([])
  const [selection, setSelection] = useState<Selection<GeneratedImage>>([])
  const queryClient = useQueryClient()
  const resultsRef = useRef<HTMLElement>(null)

  const generate = useMutation({
    mutationFn: (chosen: GenerateOptions) =>
      callApi(mediaApi.generateImages, { body: requestBody(chosen) }),
    // The newest first; earlier ones stay to choose from.
    onSuccess: (items) => {
      setImages((shown) => [
        ...items.map(({ path, mediaFile }) => ({
          name: mediaFile.name,
          src: apiUrl(mediaFile.compressedUrl ?? path),
          file: mediaFile,
        })),
        ...shown,
      ])
      // The server kept them in the library: /media lists them too.
      void queryClient.invalidateQueries({ queryKey: uploadsKey })
      // On phones the images come below the form: bring them into view.
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' })
    },
    onError: (error) => {
      if (!isGenerationUnavailable(error)) {
        toast.error(errorText(error, UI_TEXT.errorGeneratingImages))
      }
    },
  })
  const unavailable = generate.isError && isGenerationUnavailable(generate.error)

  // SPEC section 6: a page above the user's plan says so and sends them to the plans.
  if (!planAtLeast(plan, 'PRO')) {
    return <RedirectWithError to="/plan" error={UI_TEXT.higherSubscriptionRequired} />
  }

  function submit() {
    const problem = optionsError(options)
    if (problem) {
      toast.error(problem)
      return
    }
    generate.mutate(options)
  }

  function addSelected() {
    if (selection.length === 0) {
      toast.error(UI_TEXT.selectAtLeastOneImage)
      return
    }
    if (!useStory.getState().ratio) {
      toast.error(UI_TEXT.selectRatioFirst)
      return
    }
    // Already in the library: they join the picked files on /upload like chosen library media,
    // without being sent again.
    addToUpload(selection.map((image) => image.file))
    void navigate('/upload')
  }

  return (
    <div className="media-page generate">
      <title>Generate with AI · Storyreel</title>
      <PageHeader
        title="Generate with AI"
        subtitle="Describe a picture and get it made for your video."
        aside={<span className="plan-badge plan-badge--pro">BETA</span>}
      />

      <div className="generate__layout">
        <form
          className="generate__form card"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <label htmlFor="generate-prompt" className="generate__label">
            Your prompt
          </label>
          <textarea
            id="generate-prompt"
            className="field__input generate__prompt"
            placeholder="e.g. A lighthouse on a cliff at sunset, watercolour"
            value={options.prompt}
            maxLength={4000}
            rows={4}
            onChange={(event) => setOptions({ ...options, prompt: event.target.value })}
            onKeyDown={(event) => {
              // Enter generates; Shift+Enter starts a new line.
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
              event.preventDefault()
              submit()
            }}
          />
          <AdvancedOptions options={options} onChange={setOptions} disabled={generate.isPending} />
          <Button
            type="submit"
            size="lg"
            block
            loading={generate.isPending}
            icon={<Wand2 size={18} aria-hidden="true" />}
          >
            {generate.isPending ? 'Generating…' : 'Generate'}
          </Button>
        </form>

        <section
          ref={resultsRef}
          className="generate__results"
          aria-labelledby="generate-results-title"
        >
          <h2 id="generate-results-title" className="visually-hidden">
            Generated images
          </h2>
          {unavailable ? (
            <MediaState
              icon={<PlugZap size={30} />}
              title="Not available yet"
              text="Image generation is not configured on this server."
            />
          ) : images.length === 0 && !generate.isPending ? (
            <MediaState
              icon={<Sparkles size={30} />}
              title="Your images appear here"
              text="Write what you want to see, then choose the images to add to your video."
            />
          ) : (
            <ul className="tile-grid generate__grid" aria-label="Generated images">
              {generate.isPending ? <SkeletonTiles count={options.n} /> : null}
              {images.map((image, index) => (
                <MediaTile
                  key={image.name}
                  name={image.name}
                  label={`Generated image ${index + 1}`}
                  kind="image"
                  src={image.src}
                  position={positionOf(selection, image.name)}
                  onToggle={() => setSelection((chosen) => toggle(chosen, image))}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <SelectionBar
        selection={selection.map((image) => ({ key: image.name, src: image.src }))}
        useLabel="Use selected images"
        onUse={addSelected}
        onBack={() => {
          const story = useStory.getState()
          void navigate(backPath({ composition: story.composition, ratio: story.ratio }))
        }}
        onClear={() => setSelection([])}
        busy={false}
      />
    </div>
  )
}
