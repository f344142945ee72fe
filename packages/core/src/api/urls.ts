import type { MusicTrackId } from '../music'
import { audioApi } from './audio'
import { endpointUrl } from './endpoint'
import { mediaApi } from './media'
import { tasksApi } from './tasks'

/** Where the app loads a stored upload from (its owner only). */
export const uploadUrl = (name: string) => endpointUrl(mediaApi.getUpload, { name })

/** An upload's small preview (its owner only). */
export const uploadPreviewUrl = (name: string) => endpointUrl(mediaApi.getUploadPreview, { name })

/** A finished task's video. */
export const videoResultUrl = (taskId: string) => endpointUrl(tasksApi.result, { id: taskId })

/** A finished task's WebVTT captions. */
export const videoCaptionsUrl = (taskId: string) => endpointUrl(tasksApi.captions, { id: taskId })

/** A task's thumbnail image. */
export const thumbnailImageUrl = (taskId: string) =>
  endpointUrl(tasksApi.thumbnailImage, { id: taskId })

/** A built-in music track's audio. */
export const musicTrackUrl = (track: MusicTrackId) => endpointUrl(audioApi.musicTrack, { track })

/** One of the user's own audio files (its owner only). */
export const userAudioUrl = (name: string) => endpointUrl(audioApi.getAudio, { name })
