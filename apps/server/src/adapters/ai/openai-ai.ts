import type { ImageDescription } from '@storyreel/core'
import type { MediaTools } from '@storyreel/render/server'
import { concurrencyLimit, withTimeout } from '../../lib/concurrency'
import type { AiEngine, MediaToDescribe } from './ai'
import { askForJson } from './chat'
import { compositionAnswerSchema, composeMessages } from './compose-request'
import { embeddedAi } from './embedded-ai'
import { decodeImages, imageError, imagesRequestBody } from './images'
import { openAiHttp } from './openai-http'
import { repairComposition } from './repair-composition'
import { jpegDataUrl, regionLuma, stillJpeg } from './still-jpeg'
import { visionMessages, VisionNotesSchema, visionRegion, withVision } from './vision'

export interface OpenAiEngineOptions {
  apiKey: string
  /** The API root, e.g. https://api.openai.com/v1, or any server speaking its wire format. */
  baseUrl: string
  chatModel: string
  visionModel: string
  /** The limit of each call (each try of it); describe's vision calls share one such limit. */
  timeoutMs: number
  tools: MediaTools
  /** Vision calls at once, across requests: a request of fifty files must not hit rate limits. */
  visionConcurrency?: number
}

/**
 * Describe, compose and images through OpenAI's APIs (or a compatible server): a vision model
 * adds to the local analysis, a chat model composes, the Images API draws. Describe and compose
 * never fail because of the model: on any failure they answer what the embedded engine does.
 */
export function openAiEngine(opts: OpenAiEngineOptions): AiEngine {
  const post = openAiHttp(opts)
  const embedded = embeddedAi(opts.tools)
  const visionSlot = concurrencyLimit(opts.visionConcurrency ?? 4)

  /** The local description with what the vision model sees in the file's still. */
  async function see(
    media: MediaToDescribe,
    local: ImageDescription,
    suggestion: string,
    signal: AbortSignal,
  ): Promise<ImageDescription> {
    const jpeg = await stillJpeg(await media.still())
    const messages = visionMessages(local, suggestion, jpegDataUrl(jpeg))
    const answer = await askForJson(
      post,
      { model: opts.visionModel, name: 'picture_notes', schema: VisionNotesSchema, messages },
      signal,
    )
    const notes = VisionNotesSchema.parse(answer)
    const region = visionRegion(notes.calmRegion)
    const calmRegion = region && { ...region, luma: await regionLuma(jpeg, region) }
    return withVision(local, notes, calmRegion)
  }

  return {
    name: 'openai',

    async describe(media, suggestion, call) {
      const local = await embedded.describe(media, suggestion, call)
      // All of a request's vision calls end within one time-out: a slow model leaves the files
      // it has not seen yet with their local description rather than holding the upload.
      const deadline = withTimeout(call.signal, opts.timeoutMs)
      return Promise.all(
        local.map(async (description, i) => {
          try {
            return await visionSlot(
              () => see(media[i]!, description, suggestion, deadline),
              deadline,
            )
          } catch (err) {
            if (call.signal?.aborted) throw err
            call.log.warn(
              { err, file: description.filename },
              'AI describe failed: local description kept',
            )
            return description
          }
        }),
      )
    },

    async compose(descriptions, suggestion, ratio, call) {
      try {
        const answer = await askForJson(
          post,
          {
            model: opts.chatModel,
            name: 'composition',
            schema: compositionAnswerSchema(descriptions.map((d) => d.filename)),
            messages: composeMessages(descriptions, suggestion, ratio),
          },
          call.signal,
        )
        const rules = await embedded.compose(descriptions, suggestion, ratio, call)
        return repairComposition(answer, descriptions, rules)
      } catch (err) {
        if (call.signal?.aborted) throw err
        call.log.warn({ err }, 'AI compose failed: composed by the rules')
        return embedded.compose(descriptions, suggestion, ratio, call)
      }
    },

    async generateImages(request, call) {
      try {
        const answer = await post('/images/generations', imagesRequestBody(request), call.signal)
        return decodeImages(answer, request.n)
      } catch (err) {
        if (!call.signal?.aborted) call.log.warn({ err }, 'image generation failed')
        throw imageError(err)
      }
    },
  }
}
