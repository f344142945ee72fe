import { UI_TEXT } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { ImagePlus, ImageOff, PlugZap, RotateCcw, SearchX, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { Button, buttonClass } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast'
import { apiUrl } from '../../config'
import { useStory } from '../../lib/store'
import { backPath } from './destinations'
import { GridSkeleton, MediaGrid } from './media-grid'
import { DEFAULT_TAB, parseMediaParams, withParams } from './media-params'
import type { MediaParams } from './media-params'
import { MediaState } from './media-state'
import { MediaTabs, TAB_LABELS } from './media-tabs'
import { SearchField } from './search-field'
import { SelectionBar } from './selection-bar'
import { toggle, without } from './selection'
import type { Selection } from './selection'
import { useApplySelection } from './use-apply-selection'
import { UploadButton } from './upload-button'
import { useDeleteUpload } from './use-delete-upload'
import { isNotConfigured, useMediaList } from './use-media-list'
import type { MediaList } from './use-media-list'
import type { SaveState } from './store-selection'
import './media.css'

/** Placeholder tiles while a tab loads: a page of stock, or a few rows of uploads. */
const SKELETON_TILES = { stock: 21, local: 12 }

/** What the tab shows: its grid, or why there is none. */
function TabBody({
  page,
  params,
  list,
  selection,
  onToggle,
  saveStates,
  busy,
  onDelete,
  adding,
  onUploaded,
}: {
  page: MediaParams
  params: URLSearchParams
  list: MediaList
  selection: Selection<MediaFile>
  onToggle: (file: MediaFile) => void
  saveStates: Record<string, SaveState>
  busy: boolean
  onDelete: (file: MediaFile) => void
  /** Slides are being added to a video: an upload joins the selection. */
  adding: boolean
  onUploaded: (files: MediaFile[]) => void
}) {
  const local = page.tab === 'LOCAL'
  const label = TAB_LABELS[page.tab]

  if (list.status === 'pending') {
    return <GridSkeleton count={local ? SKELETON_TILES.local : SKELETON_TILES.stock} />
  }
  if (list.status === 'error') {
    if (isNotConfigured(list.error)) {
      return (
        <MediaState
          icon={<PlugZap size={30} />}
          title={`${label} search is unavailable`}
          text={`${list.error?.message ?? ''} Your own uploads and the other sources still work.`}
          action={
            <Link
              className={buttonClass('secondary')}
              to={{ search: withParams(params, { provider: 'LOCAL' }).toString() }}
            >
              Show your uploads
            </Link>
          }
        />
      )
    }
    return (
      <MediaState
        alert
        icon={<ImageOff size={30} />}
        title="This could not be loaded"
        text={list.error?.message ?? UI_TEXT.unexpected}
        action={
          <Button
            variant="secondary"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            onClick={list.retry}
          >
            Try again
          </Button>
        }
      />
    )
  }
  if (list.items.length === 0) {
    return local ? (
      <MediaState
        icon={<ImagePlus size={30} />}
        title={UI_TEXT.noMediaFoundTitle}
        text={UI_TEXT.noMediaFoundText}
        action={<UploadButton adding={adding} variant="primary" onUploaded={onUploaded} />}
      />
    ) : (
      <MediaState
        icon={<SearchX size={30} />}
        title={page.query ? `Nothing found for “${page.query}”` : 'Nothing to show yet'}
        text="Try other words, or fewer of them."
      />
    )
  }
  return (
    <MediaGrid
      label={local ? 'Your uploads' : `${label} results`}
      list={list}
      selection={selection}
      onToggle={onToggle}
      saveStates={saveStates}
      busy={busy}
      onDelete={local ? onDelete : undefined}
    />
  )
}

/**
 * /media (SPEC section 2): the user's uploads and three stock libraries, searched and chosen
 * from in one grid; the chosen items go to the editor (`source=customize`) or the upload step.
 * The selection stays across tabs and searches.
 */
export function Component() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const ratio = useStory((state) => state.ratio)
  const composition = useStory((state) => state.composition)
  const page = parseMediaParams(params, ratio)
  const list = useMediaList(page.tab, page.query, page.width, page.height)
  const [selection, setSelection] = useState<Selection<MediaFile>>([])
  const [deleting, setDeleting] = useState<MediaFile | null>(null)
  const { apply, states, busy } = useApplySelection(page.source)
  const remove = useDeleteUpload((name) => setSelection((chosen) => without(chosen, name)))
  const adding = page.source === 'customize' && composition !== null
  // Files uploaded from here are chosen at once: they were picked to be used.
  const choose = (files: MediaFile[]) =>
    setSelection((chosen) => [
      ...chosen,
      ...files.filter((file) => !chosen.some((c) => c.name === file.name)),
    ])

  useEffect(() => {
    if (!page.invalidProvider) return
    toast.error(UI_TEXT.invalidProvider)
    setParams((current) => withParams(current, { provider: DEFAULT_TAB }), { replace: true })
  }, [page.invalidProvider, setParams])

  // Each search replaces the last in the history: back leaves the page, not a word typed.
  const search = useCallback(
    (query: string) => setParams((current) => withParams(current, { query }), { replace: true }),
    [setParams],
  )

  const stock = selection.filter((file) => file.isExternalProvider)
  const saved = stock.filter((file) => states[file.name] === 'saved').length
  const usedInVideo = composition?.composition.some((s) => s.filename === deleting?.name) ?? false

  return (
    <div className="media-page">
      <title>Media · Storyreel</title>
      <PageHeader
        title="Stock and your media"
        subtitle="Choose photos and clips from your uploads or from free stock libraries."
        aside={
          page.source === 'customize' && composition ? (
            <span className="chip">Adding slides to your video</span>
          ) : null
        }
      />

      <div className="media-toolbar">
        <MediaTabs current={page.tab} params={params} />
        {page.tab === 'LOCAL' ? (
          <UploadButton adding={adding} className="media-toolbar__upload" onUploaded={choose} />
        ) : (
          <SearchField
            value={page.query}
            onSearch={search}
            placeholder={
              page.tab === 'VIDEO' ? 'Search videos' : `Search ${TAB_LABELS[page.tab]} photos`
            }
          />
        )}
      </div>

      <div className="media-page__body">
        <TabBody
          page={page}
          params={params}
          list={list}
          selection={selection}
          onToggle={(file) => setSelection((chosen) => toggle(chosen, file))}
          saveStates={states}
          busy={busy}
          onDelete={setDeleting}
          adding={adding}
          onUploaded={choose}
        />
      </div>

      <SelectionBar
        selection={selection.map((file) => ({
          key: file.name,
          src: file.compressedUrl ? apiUrl(file.compressedUrl) : null,
        }))}
        useLabel="Use selected media"
        onUse={() => void apply(selection)}
        onBack={() => void navigate(backPath({ composition, ratio }))}
        onClear={() => setSelection([])}
        busy={busy}
        busyLabel={stock.length > 0 ? `Saving ${saved} of ${stock.length}…` : undefined}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
        icon={<Trash2 size={22} aria-hidden="true" />}
        title={UI_TEXT.deleteMediaTitle}
        description={
          usedInVideo
            ? 'This file is in the video you are making: its slides will have nothing to show. Delete it from your media for good?'
            : 'Are you sure you want to delete this file from your media? This action cannot be undone.'
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting)
        }}
      />
    </div>
  )
}
