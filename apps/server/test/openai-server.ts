import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bytesOf } from './crafted-media'
import { pictureFile } from './media-fixtures'

/**
 * A fake OpenAI API on 127.0.0.1 speaking Chat Completions (with image_url content parts and
 * Structured Outputs) and the Images API in their wire format, checking requests as the real one
 * does. It answers sensibly by default; tests queue other answers (errors, malformed, slow).
 */

export const FAKE_OPENAI_KEY = 'sk-test-openai'

/** One answer: an HTTP status with a JSON or raw body, after an optional delay. */
export interface FakeAnswer {
  status?: number
  json?: unknown
  /** A raw body instead of JSON: a malformed answer. */
  text?: string
  /** Waits this long first; with no body, then answers the default. */
  delayMs?: number
}

export type FakeEndpoint = 'chat' | 'images'

export interface SeenOpenAiRequest {
  endpoint: FakeEndpoint
  authorization: string | undefined
  body: Record<string, unknown>
}

export interface FakeOpenAi {
  /** The API root to give as OPENAI_BASE_URL. */
  url: string
  /** Settings for a server that uses it. */
  env: Record<string, string>
  /** Every request, oldest first. */
  requests: SeenOpenAiRequest[]
  /** Answers the next requests to this endpoint with these, in order, then the default again. */
  queue(endpoint: FakeEndpoint, ...answers: FakeAnswer[]): void
  /** Forgets the requests and the queued answers. */
  reset(): void
  close(): Promise<void>
}

/** A Chat Completions answer whose message is this content (JSON-encoded unless a string). */
export function chatAnswer(content: unknown, finishReason = 'stop'): FakeAnswer {
  return {
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4o-mini-2024-07-18',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: typeof content === 'string' ? content : JSON.stringify(content),
            refusal: null,
          },
          finish_reason: finishReason,
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    },
  }
}

/** OpenAI's error answer, as its API writes it. */
export function openAiErrorAnswer(
  status: number,
  message: string,
  type: string,
  code: string | null = null,
): FakeAnswer {
  return { status, json: { error: { message, type, param: null, code } } }
}

/** What OpenAI answers when the account's credit is used up. */
export const QUOTA_EXHAUSTED = openAiErrorAnswer(
  429,
  'You exceeded your current quota, please check your plan and billing details.',
  'insufficient_quota',
  'insufficient_quota',
)

export const SERVER_ERROR = openAiErrorAnswer(
  500,
  'The server had an error while processing your request. Sorry about that!',
  'server_error',
)

/** The default vision answer. */
export const PICTURE_NOTES = {
  subject: 'a lighthouse on a cliff',
  mood: 'calm',
  summary: 'A white lighthouse stands on a cliff above a quiet sea.',
  calmRegion: { x: 0, y: 0, width: 100, height: 30 },
}

type Json = Record<string, unknown>

/** Why a Structured Outputs schema would be refused in strict mode, or null. */
function strictProblem(schema: unknown, where = 'schema'): string | null {
  if (typeof schema !== 'object' || schema === null) return null
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) {
      const problem = strictProblem(s, `${where}[${i}]`)
      if (problem) return problem
    }
    return null
  }
  const node = schema as Json
  if ('oneOf' in node) return `${where}: 'oneOf' is not permitted`
  if ('default' in node) return `${where}: 'default' is not permitted`
  if (node.type === 'object') {
    if (node.additionalProperties !== false) {
      return `${where}: 'additionalProperties' is required to be supplied and to be false`
    }
    const keys = Object.keys((node.properties as Json | undefined) ?? {})
    const required = (node.required as string[] | undefined) ?? []
    if (keys.some((k) => !required.includes(k))) {
      return `${where}: 'required' is required to include every key in properties`
    }
  }
  for (const [key, value] of Object.entries(node)) {
    const problem = strictProblem(value, `${where}.${key}`)
    if (problem) return problem
  }
  return null
}

/** The files a composition schema allows: its filename enum. */
function schemaFilenames(schema: Json): string[] {
  const slides = (schema.properties as Json).slides as Json
  const slide = slides.items as Json
  return ((slide.properties as Json).filename as { enum: string[] }).enum
}

/** A good composition of the schema's files, as a model would answer it. */
function defaultComposition(filenames: string[]) {
  return {
    slides: filenames.map((filename, i) => ({
      filename,
      duration: 4,
      narration: i === 0 ? 'It all began by the sea.' : 'The light changed slowly.',
      effects: [
        {
          name: 'fade',
          params: { fadeInDuration: 0.5, fadeOutDuration: 0.5 },
          description: 'A soft start',
        },
        {
          name: 'zoom',
          params: { zoomStart: 100, zoomEnd: 115 },
          description: 'Closes in on the lighthouse',
        },
        ...(i === 0
          ? [
              {
                name: 'animated_text',
                params: { text: 'By the sea', fontSize: 72, startPositionY: 15, endPositionY: 15 },
                description: 'The title in the sky',
              },
            ]
          : []),
      ],
    })),
  }
}

/** Why a request to the API would be refused, as OpenAI's 400 answer, or null. */
function invalidChat(body: Json): FakeAnswer | null {
  const bad = (message: string) => openAiErrorAnswer(400, message, 'invalid_request_error')
  if (typeof body.model !== 'string') return bad('you must provide a model parameter')
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return bad("Missing required parameter: 'messages'.")
  }
  for (const message of body.messages as Json[]) {
    if (!Array.isArray(message.content)) continue
    for (const part of message.content as Json[]) {
      const url = (part.image_url as Json | undefined)?.url
      if (
        part.type === 'image_url' &&
        !/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/.test(String(url))
      ) {
        return bad('Invalid image URL.')
      }
    }
  }
  const format = body.response_format as Json | undefined
  const spec = format?.json_schema as Json | undefined
  if (format?.type !== 'json_schema' || typeof spec?.name !== 'string' || spec.strict !== true) {
    return bad('response_format must be a strict json_schema here')
  }
  const problem = strictProblem(spec.schema)
  if (problem) return bad(`Invalid schema for response_format '${spec.name}': ${problem}.`)
  return null
}

function invalidImages(body: Json): FakeAnswer | null {
  const bad = (message: string) => openAiErrorAnswer(400, message, 'invalid_request_error')
  const n = Number(body.n ?? 1)
  if (body.model === 'dall-e-3') {
    if (n !== 1) return bad('You must provide n=1 for this model.')
    if (!['1024x1024', '1024x1792', '1792x1024'].includes(String(body.size))) {
      return bad(`'${String(body.size)}' is not one of ['1024x1024', '1024x1792', '1792x1024']`)
    }
  } else if (body.model === 'dall-e-2') {
    if (n < 1 || n > 10) return bad('n must be between 1 and 10.')
    if (!['256x256', '512x512', '1024x1024'].includes(String(body.size))) {
      return bad(`'${String(body.size)}' is not one of ['256x256', '512x512', '1024x1024']`)
    }
    if (body.quality !== undefined && body.quality !== 'standard') {
      return bad('quality is only supported for dall-e-3.')
    }
  } else {
    return bad(`The model '${String(body.model)}' does not exist.`)
  }
  if (body.style !== undefined) return bad('This server never sends a style (SPEC section 7).')
  if (body.response_format !== 'b64_json') return bad('This server asks for b64_json.')
  if (typeof body.prompt !== 'string' || body.prompt === '') return bad('prompt is required.')
  return null
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString()) as Json
  } catch {
    return {}
  }
}

function send(res: ServerResponse, answer: FakeAnswer) {
  // The client may have given up (a time-out test): nobody is left to answer.
  if (res.destroyed) return
  if (answer.text !== undefined) {
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.text)
  } else {
    res
      .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.json ?? null))
  }
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  // Small real PNGs, a different colour each, as the Images API's b64_json.
  const pngs = await Promise.all(
    [20, 140, 260, 320].map(async (hue, i) =>
      (await bytesOf(pictureFile(`g${i}.png`, { width: 256, height: 256, hue }))).toString(
        'base64',
      ),
    ),
  )
  const requests: SeenOpenAiRequest[] = []
  const queued: Record<FakeEndpoint, FakeAnswer[]> = { chat: [], images: [] }

  function defaultAnswer(endpoint: FakeEndpoint, body: Json): FakeAnswer {
    if (endpoint === 'images') {
      const n = Number(body.n ?? 1)
      return {
        json: {
          created: 1_700_000_000,
          data: pngs.slice(0, n).map((b64_json) => ({ b64_json, revised_prompt: body.prompt })),
        },
      }
    }
    const spec = (body.response_format as Json).json_schema as Json
    if (spec.name === 'composition') {
      return chatAnswer(defaultComposition(schemaFilenames(spec.schema as Json)))
    }
    return chatAnswer(PICTURE_NOTES)
  }

  const server = createServer((req, res) => {
    void (async () => {
      const endpoint: FakeEndpoint | null =
        req.method === 'POST' && req.url === '/v1/chat/completions'
          ? 'chat'
          : req.method === 'POST' && req.url === '/v1/images/generations'
            ? 'images'
            : null
      if (!endpoint) {
        return send(
          res,
          openAiErrorAnswer(404, `Invalid URL (${req.method} ${req.url})`, 'invalid_request_error'),
        )
      }
      const body = await readJson(req)
      requests.push({ endpoint, authorization: req.headers.authorization, body })
      if (req.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
        return send(
          res,
          openAiErrorAnswer(
            401,
            'Incorrect API key provided.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        )
      }
      const invalid = endpoint === 'chat' ? invalidChat(body) : invalidImages(body)
      if (invalid) return send(res, invalid)
      const answer = queued[endpoint].shift()
      if (answer?.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
      const hasBody = answer && (answer.json !== undefined || answer.text !== undefined)
      send(res, hasBody ? answer : defaultAnswer(endpoint, body))
    })().catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return {
    url,
    env: { OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: url },
    requests,
    queue(endpoint, ...answers) {
      queued[endpoint].push(...answers)
    },
    reset() {
      requests.length = 0
      queued.chat.length = 0
      queued.images.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
