import type { FastifyBaseLogger } from 'fastify'
import type {
  Composition,
  GenerateImagesBody,
  ImageDescription,
  MediaKind,
  Ratio,
} from '@storyreel/core'

/** One stored file to describe. */
export interface MediaToDescribe {
  /** Where the file is on this machine. */
  file: string
  /** Its stored name. */
  filename: string
  kind: MediaKind
  /**
   * Where a still picture of it is, for a vision model: the file itself, or a clip's preview
   * frame. Asked only by an engine that looks (the preview may have to be made or fetched).
   */
  still(): Promise<string>
}

/** What every call gets: the request's signal (the client went away) and its logger. */
export interface AiCall {
  signal?: AbortSignal
  log: FastifyBaseLogger
}

/**
 * Describe, compose and image generation. The embedded engine works offline: it describes by
 * analysing the pixels and composes by rules, and cannot make images. The OpenAI one (or any
 * server speaking its wire format) adds what a vision model sees and lets a chat model compose,
 * falling back to the embedded engine whenever the model fails.
 */
export interface AiEngine {
  name: 'embedded' | 'openai'
  /** One description per file, in order; throws when a file cannot be decoded. */
  describe(media: MediaToDescribe[], suggestion: string, call: AiCall): Promise<ImageDescription[]>
  /** A composition for the chosen format, the movie at that format's size. */
  compose(
    descriptions: ImageDescription[],
    suggestion: string,
    ratio: Ratio,
    call: AiCall,
  ): Promise<Composition>
  /** The images' bytes (PNG); the embedded engine answers msg_ai_not_configured. */
  generateImages(request: GenerateImagesBody, call: AiCall): Promise<Buffer[]>
}
