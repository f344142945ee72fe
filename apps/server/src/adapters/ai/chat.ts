import { z } from 'zod'
import { OpenAiError, type OpenAiPost } from './openai-http'
import { strictJsonSchema, withoutNulls } from './strict-json-schema'

type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail: 'low' | 'high' | 'auto' } }

export interface ChatMessage {
  role: 'system' | 'user'
  content: string | ContentPart[]
}

/** The part of a Chat Completions answer we read. */
const ChatAnswerSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
})

/**
 * Asks a chat model for an answer in the shape of `schema` through Structured Outputs (strict
 * JSON schema) and answers the decoded JSON with its nulls left out, for the caller to validate:
 * the schema guides the model, it does not prove the answer (a compatible server may ignore it).
 * A refusal, a cut-off or malformed answer is an OpenAiError.
 */
export async function askForJson(
  post: OpenAiPost,
  request: { model: string; name: string; schema: z.ZodType; messages: ChatMessage[] },
  signal?: AbortSignal,
): Promise<unknown> {
  const answer = ChatAnswerSchema.safeParse(
    await post(
      '/chat/completions',
      {
        model: request.model,
        messages: request.messages,
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: request.name,
            strict: true,
            schema: strictJsonSchema(request.schema),
          },
        },
      },
      signal,
    ),
  )
  if (!answer.success) throw new OpenAiError('malformed chat answer', null)
  const [choice] = answer.data.choices
  if (choice!.message.refusal) throw new OpenAiError(`refused: ${choice!.message.refusal}`, null)
  // Cut off at the token limit: whatever JSON there is, it is incomplete.
  if (choice!.finish_reason === 'length') throw new OpenAiError('answer cut off', null)
  try {
    return withoutNulls(JSON.parse(choice!.message.content ?? ''))
  } catch {
    throw new OpenAiError(`answer is not JSON: ${choice!.message.content?.slice(0, 200)}`, null)
  }
}
