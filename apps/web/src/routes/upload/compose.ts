import { UI_TEXT, UPLOAD_RULES, compositionApi, mediaApi } from '@storyreel/core'
import type { Composition, ImageDescription, MediaFile, Ratio, VoiceId } from '@storyreel/core'
import { ApiError, callApi } from '../../lib/api'
import { mediaFileOf } from '../../lib/files'
import type { PendingFile } from '../../lib/store'

export type ComposePhase = 'describing' | 'composing'

export interface ComposeInput {
  suggestion: string
  ratio: Ratio
  voice: VoiceId | null
  uploaded: MediaFile[]
  descriptions: Record<string, ImageDescription>
  pending: PendingFile[]
  onPhase: (phase: ComposePhase) => void
  /** The files are on the server: keep them even if composing fails, so a retry skips them. */
  onDescribed: (files: MediaFile[], descriptions: Record<string, ImageDescription>) => void
}

export interface ComposeResult {
  files: MediaFile[]
  descriptions: Record<string, ImageDescription>
  composition: Composition
}

/** A step failed: `step` picks the screen's fallback text. */
export class ComposeError extends Error {
  readonly step: ComposePhase
  constructor(step: ComposePhase, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.step = step
  }
}

/** A request's files stay this far under the server's limit, leaving room for the form's parts. */
const UPLOAD_BATCH_BYTES = UPLOAD_RULES.maxRequestBytes - 1024 * 1024

/** Splits files into runs, in order, each no bigger than `maxBytes` in all. */
export function batchBySize<T extends { file: File }>(items: T[], maxBytes: number): T[][] {
  const batches: T[][] = []
  let size = Infinity
  for (const item of items) {
    if (size + item.file.size > maxBytes) {
      batches.push([])
      size = 0
    }
    batches.at(-1)!.push(item)
    size += item.file.size
  }
  return batches
}

/**
 * The upload screen's compose: describe every file the server has not described yet, then create
 * the composition from all descriptions for the chosen ratio (the server answers the movie at its
 * size, SPEC section 9). The files keep the order they are shown in.
 */
export async function compose(input: ComposeInput): Promise<ComposeResult> {
  const { suggestion, ratio, voice, uploaded, pending, onPhase, onDescribed } = input
  const descriptions = { ...input.descriptions }

  onPhase('describing')
  // One slot per file on screen; a slot is filled by the stored file that describe answers.
  const slots: (MediaFile | null)[] = [...uploaded, ...pending.map(() => null)]
  const toSend: { slot: number; file: File }[] = []
  try {
    // Known to the server but not described here (picked from the media library): described
    // where they are stored, not sent again.
    const stored = uploaded.filter((file) => !descriptions[file.name])
    if (stored.length > 0) {
      const answer = await callApi(mediaApi.describeStored, {
        body: { names: stored.map((file) => file.name), suggestion },
      })
      for (const description of answer.descriptions)
        descriptions[description.filename] = description
    }
    pending.forEach((item, index) =>
      toSend.push({ slot: uploaded.length + index, file: item.file }),
    )

    // One request per batch: the server takes at most UPLOAD_RULES.maxRequestBytes at once.
    for (const batch of batchBySize(toSend, UPLOAD_BATCH_BYTES)) {
      const form = new FormData()
      form.append('suggestion', suggestion)
      for (const { file } of batch) form.append('files', file, file.name)
      const answer = await callApi(mediaApi.describe, { body: form })
      if (answer.descriptions.length !== batch.length) {
        throw new ApiError(UI_TEXT.failedDescriptions, 500)
      }
      answer.descriptions.forEach((description, index) => {
        const mediaFile = mediaFileOf(description)
        descriptions[mediaFile.name] = description
        slots[batch[index]!.slot] = mediaFile
      })
    }
  } catch (error) {
    throw new ComposeError('describing', error)
  }

  const files = slots.filter((file): file is MediaFile => file !== null)
  onDescribed(files, descriptions)

  onPhase('composing')
  try {
    const { content } = await callApi(compositionApi.create, {
      body: {
        suggestion,
        ratio,
        imageDescriptions: files.map((file) => descriptions[file.name]),
      },
    })
    const composition: Composition = {
      ...content,
      movieParams: { ...content.movieParams, voice },
      renderedVideoUrl: null,
    }
    return { files, descriptions, composition }
  } catch (error) {
    throw new ComposeError('composing', error)
  }
}
