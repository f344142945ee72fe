import { z } from 'zod'
import type { GenerateImagesBody } from '@storyreel/core'
import { AppError } from '../../http/app-error'
import { OpenAiError } from './openai-http'

/**
 * The Images API's request for what the page asked. DALL·E 2 draws squares only (256, 512 or
 * 1024): every size becomes its 1024 square, which the video crops to its frame like any
 * picture. It has no quality choice either (standard only), so quality goes to DALL·E 3 alone.
 * The style is not sent (SPEC section 7: chosen but not sent). Images come back inline (b64_json),
 * so nothing depends on OpenAI's short-lived image URLs.
 */
export function imagesRequestBody(request: GenerateImagesBody) {
  const common = { model: request.model, prompt: request.prompt, response_format: 'b64_json' }
  if (request.model === 'dall-e-2') return { ...common, n: request.n, size: '1024x1024' }
  return { ...common, n: request.n, size: request.size, quality: request.quality }
}

const ImagesAnswerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1) })).min(1),
})

/** The images' bytes from the API's answer, at most as many as were asked for. */
export function decodeImages(answer: unknown, n: number): Buffer[] {
  const parsed = ImagesAnswerSchema.safeParse(answer)
  if (!parsed.success) throw new OpenAiError('malformed images answer', null)
  return parsed.data.data.slice(0, n).map((item) => Buffer.from(item.b64_json, 'base64'))
}

/**
 * What the user is told when the Images API failed: an exhausted quota is the spec's token
 * limit, a refused prompt says so, anything else (time-out, errors, malformed answers) is the
 * service being unavailable. Errors that are not the service's (an abort) pass unchanged.
 */
export function imageError(err: unknown): unknown {
  if (!(err instanceof OpenAiError)) return err
  if (err.quotaExhausted) return new AppError('msg_token_limit_exceeded')
  if (err.errorCode === 'content_policy_violation') return new AppError('msg_ai_prompt_refused')
  return new AppError('msg_ai_unavailable')
}
