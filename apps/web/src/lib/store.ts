import {
  DEFAULT_VOICE,
  VoiceIdSchema,
  CompositionSchema,
  DEFAULT_RESOLUTION,
  ImageDescriptionSchema,
  MediaFileSchema,
  RatioSchema,
} from '@storyreel/core'
import type { Composition, ImageDescription, MediaFile, Ratio, VoiceId } from '@storyreel/core'
import { z } from 'zod'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { renameForUpload } from './files'
import { randomId } from './random-id'

/** A file picked on this device and not sent yet; `previewUrl` is an object URL. */
export interface PendingFile {
  id: string
  /** The file renamed for upload. */
  file: File
  /** The name it had on the device, for people. */
  label: string
  previewUrl: string
  kind: 'image' | 'video'
}

/** The shared client state of SPEC section 3. */
export interface StoryState {
  suggestion: string
  composition: Composition | null
  /** Files already on the server (the answer of describe), in slide order. */
  uploadedFiles: MediaFile[]
  /** What describe found for each uploaded file, by stored name, so a re-compose skips them. */
  descriptions: Record<string, ImageDescription>
  /** Picked but not sent yet, shown after the uploaded ones; lives in memory only. */
  pendingFiles: PendingFile[]
  ratio: Ratio | null
  resolution: string
  voice: VoiceId | null
  taskId: string | null
  /** A long call is running (the upload overlay); never persisted. */
  loading: boolean

  chooseRatio: (ratio: Ratio) => void
  setSuggestion: (suggestion: string) => void
  /** Adds files picked on the device (already checked), renaming them for upload. */
  addPendingFiles: (files: File[]) => void
  removePendingFile: (id: string) => void
  clearPendingFiles: () => void
  removeUploadedFile: (name: string) => void
  setUploaded: (files: MediaFile[], descriptions: Record<string, ImageDescription>) => void
  setComposition: (composition: Composition | null) => void
  /** The voice the user last chose: the next composition is narrated with it. */
  setVoice: (voice: VoiceId | null) => void
  setTaskId: (taskId: string | null) => void
  setLoading: (loading: boolean) => void
  reset: () => void
}

const initial = {
  suggestion: '',
  composition: null,
  uploadedFiles: [],
  descriptions: {},
  pendingFiles: [],
  ratio: null,
  resolution: DEFAULT_RESOLUTION,
  voice: DEFAULT_VOICE,
  taskId: null,
  loading: false,
} satisfies Partial<StoryState>

function revoke(files: PendingFile[]) {
  files.forEach((pending) => URL.revokeObjectURL(pending.previewUrl))
}

/** The persisted part, checked against the core schemas when read back. */
const PersistedSchema = z.object({
  suggestion: z.string().catch(''),
  composition: CompositionSchema.nullable().catch(null),
  uploadedFiles: z.array(MediaFileSchema).catch([]),
  descriptions: z.record(z.string(), ImageDescriptionSchema).catch({}),
  ratio: RatioSchema.nullable().catch(null),
  resolution: z.string().catch(DEFAULT_RESOLUTION),
  voice: VoiceIdSchema.nullable().catch(DEFAULT_VOICE),
  taskId: z.string().nullable().catch(null),
})

export const useStory = create<StoryState>()(
  persist(
    (set, get) => ({
      ...initial,

      chooseRatio: (ratio) => {
        revoke(get().pendingFiles)
        set({
          ratio,
          uploadedFiles: [],
          descriptions: {},
          pendingFiles: [],
          composition: null,
          suggestion: '',
        })
      },
      setSuggestion: (suggestion) => set({ suggestion }),
      addPendingFiles: (files) =>
        set((state) => ({
          pendingFiles: [
            ...state.pendingFiles,
            ...files.map((file) => ({
              id: randomId(),
              file: renameForUpload(file),
              label: file.name,
              previewUrl: URL.createObjectURL(file),
              kind: file.type.startsWith('video/') ? ('video' as const) : ('image' as const),
            })),
          ],
        })),
      removePendingFile: (id) =>
        set((state) => {
          revoke(state.pendingFiles.filter((pending) => pending.id === id))
          return { pendingFiles: state.pendingFiles.filter((pending) => pending.id !== id) }
        }),
      clearPendingFiles: () => {
        revoke(get().pendingFiles)
        set({ pendingFiles: [] })
      },
      removeUploadedFile: (name) =>
        set((state) => ({
          uploadedFiles: state.uploadedFiles.filter((file) => file.name !== name),
        })),
      setUploaded: (uploadedFiles, descriptions) => set({ uploadedFiles, descriptions }),
      setComposition: (composition) => set({ composition }),
      setVoice: (voice) => set({ voice }),
      setTaskId: (taskId) => set({ taskId }),
      setLoading: (loading) => set({ loading }),
      reset: () => {
        revoke(get().pendingFiles)
        set(initial)
      },
    }),
    {
      name: 'storyreel.story',
      version: 2,
      // Version 1 saved no voice (null) before one could be chosen: those start at the default.
      // `merge` checks what this returns against the schema.
      migrate: (persisted, version) =>
        (version < 2 ? { ...(persisted as object), voice: DEFAULT_VOICE } : persisted) as never,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        suggestion: state.suggestion,
        composition: state.composition,
        uploadedFiles: state.uploadedFiles,
        descriptions: state.descriptions,
        ratio: state.ratio,
        resolution: state.resolution,
        voice: state.voice,
        taskId: state.taskId,
      }),
      merge: (persisted, current) => {
        const parsed = PersistedSchema.safeParse(persisted ?? {})
        return parsed.success ? { ...current, ...parsed.data } : current
      },
    },
  ),
)
