import { fileTypeFromFile } from 'file-type'

/** An accepted audio upload's real container and the extension it is stored under. */
export interface AudioType {
  mime: string
  extension: '.mp3' | '.m4a' | '.wav' | '.ogg'
}

/**
 * The containers of the four audio formats we take, by the MIME type `file-type` detects from
 * the bytes. An MP4 container is taken too, as M4A: phones write music in either brand, and
 * ffprobe then refuses any with a picture track (a video renamed .m4a or .mp3).
 */
const ACCEPTED: Record<string, AudioType> = {
  'audio/mpeg': { mime: 'audio/mpeg', extension: '.mp3' },
  'audio/x-m4a': { mime: 'audio/mp4', extension: '.m4a' },
  'audio/mp4': { mime: 'audio/mp4', extension: '.m4a' },
  'video/mp4': { mime: 'audio/mp4', extension: '.m4a' },
  'audio/wav': { mime: 'audio/wav', extension: '.wav' },
  'audio/ogg': { mime: 'audio/ogg', extension: '.ogg' },
  'audio/ogg; codecs=opus': { mime: 'audio/ogg', extension: '.ogg' },
}

/** The file's audio type from its content, whatever its name says; null when not one we take. */
export async function detectAudioType(file: string): Promise<AudioType | null> {
  const detected = await fileTypeFromFile(file)
  return (detected && ACCEPTED[detected.mime]) ?? null
}
