import {
  AUDIO_UPLOAD_RULES,
  UI_TEXT,
  audioApi,
  isAcceptedAudio,
  messageText,
} from '@storyreel/core'
import type { AudioFile } from '@storyreel/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../components/ui/toast'
import { callApi, errorText, uploadWithProgress } from '../../lib/api'

export const userAudioKey = ['user-audio'] as const

/** What the file picker offers: the four formats by extension and by type. */
export const AUDIO_ACCEPT = [
  ...AUDIO_UPLOAD_RULES.acceptedExtensions,
  ...AUDIO_UPLOAD_RULES.acceptedTypes,
].join(',')

/** An upload under way: the file's name and how much of it has gone, 0 to 1. */
export interface AudioUpload {
  name: string
  progress: number
}

/**
 * The user's own music files, their upload and their deletion. Uploads go one at a time, checked here first (type and
 * size) and then by the server, whose refusal is shown as the app shows others. `onKept` gets
 * the stored file, which the panel then chooses.
 */
export function useUserAudio(onKept: (file: AudioFile) => void) {
  const queryClient = useQueryClient()
  const files = useQuery({
    queryKey: userAudioKey,
    queryFn: () => callApi(audioApi.listAudio),
  })
  const [upload, setUpload] = useState<AudioUpload | null>(null)

  async function send(file: File): Promise<void> {
    if (upload) return
    if (!isAcceptedAudio(file)) {
      toast.error(messageText('msg_unsupported_audio'))
      return
    }
    setUpload({ name: file.name, progress: 0 })
    const form = new FormData()
    form.append('file', file, file.name)
    try {
      const kept = await uploadWithProgress(audioApi.uploadAudio, form, (progress) =>
        setUpload({ name: file.name, progress }),
      )
      queryClient.setQueryData<AudioFile[]>(userAudioKey, (list) => [
        kept,
        ...(list ?? []).filter((f) => f.name !== kept.name),
      ])
      onKept(kept)
    } catch (error) {
      toast.error(errorText(error, messageText('msg_unsupported_audio')))
    } finally {
      setUpload(null)
    }
  }

  /** Deletes one of the files from the library; true when it is gone. */
  async function remove(file: AudioFile): Promise<boolean> {
    try {
      await callApi(audioApi.deleteAudio, { params: { name: file.name } })
    } catch (error) {
      toast.error(errorText(error, UI_TEXT.failedDeleteFile))
      return false
    }
    queryClient.setQueryData<AudioFile[]>(userAudioKey, (list) =>
      (list ?? []).filter((f) => f.name !== file.name),
    )
    return true
  }

  return { files: files.data ?? [], loading: files.isPending, upload, send, remove }
}
