import { z } from 'zod'
import { MAX_MOVIE_SIDE, MEDIA_PAGE_SIZE, UPLOAD_RULES } from '../limits'
import { ImageDescriptionSchema, MediaFileSchema } from '../media-file'
import { endpoint } from './endpoint'

export const DescribeAnswerSchema = z.object({ descriptions: z.array(ImageDescriptionSchema) })
export type DescribeAnswer = z.infer<typeof DescribeAnswerSchema>

export const MediaListAnswerSchema = z.array(MediaFileSchema)

/** Stored media names: a random id plus an accepted extension, nothing that can climb a path. */
export const MediaNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}\.(png|jpe?g|webp|gif|mp4)$/i, 'invalid media name')

export const MediaNameParamsSchema = z.object({ name: MediaNameSchema })

/** `compressed=true` asks for each file's preview URL (SPEC section 7). */
export const MediaListQuerySchema = z.object({
  compressed: z.enum(['true', 'false']).optional(),
})

/** The stock tabs of /media, as their lowercase path segment; `video` merges the video sources. */
export const StockProviderSchema = z.enum(['unsplash', 'pexels', 'pixabay', 'video'])
export type StockProvider = z.infer<typeof StockProviderSchema>

/**
 * Bounds of a stock search: Unsplash answers at most 30 per page, Pixabay's queries are at most
 * 100 characters. The rate limits spare the providers' hourly quotas, shared by every user.
 */
export const STOCK_LIMITS = {
  maxQueryLength: 100,
  maxPerPage: 30,
  maxPage: 100,
  searchesPerMinute: 60,
  downloadsPerMinute: 30,
} as const

/**
 * Any string: an unknown provider answers msg_invalid_provider (SPEC section 5's 'Invalid
 * provider'), which a failed enum would turn into msg_zod_validation_error.
 */
export const StockSearchParamsSchema = z.object({ provider: z.string() })

/** SPEC sections 7 and 9: the page's query, 21 per page, the frame size the result should fill. */
export const StockSearchQuerySchema = z.object({
  /** Empty: the provider's curated or popular items. */
  query: z.string().trim().max(STOCK_LIMITS.maxQueryLength).default(''),
  page: z.coerce.number().int().min(1).max(STOCK_LIMITS.maxPage).default(1),
  per_page: z.coerce.number().int().min(1).max(STOCK_LIMITS.maxPerPage).default(MEDIA_PAGE_SIZE),
  w: z.coerce.number().int().min(1).max(MAX_MOVIE_SIDE).default(1920),
  h: z.coerce.number().int().min(1).max(MAX_MOVIE_SIDE).default(1090),
})
export type StockSearchQuery = z.infer<typeof StockSearchQuerySchema>

/** Which stock tabs this server can search: a tab without a key is not asked at all. */
export const StockSourcesAnswerSchema = z.record(StockProviderSchema, z.boolean())
export type StockSourcesAnswer = z.infer<typeof StockSourcesAnswerSchema>

/** A stock item's `path` (or `videoPath`) from a search answer. */
export const StockDownloadBodySchema = z.object({
  url: z.string().url().max(2048),
  /** The item's name in the search answer: Unsplash's terms ask to report each photo taken. */
  name: z.string().max(200).optional(),
})

/** The choices of /generate (SPEC section 5, AI generation), in the order the page offers them. */
export const IMAGE_MODELS = ['dall-e-3', 'dall-e-2'] as const
export const IMAGE_SIZES = ['1024x1024', '1024x1792', '1792x1024'] as const
export const IMAGE_QUALITIES = ['standard', 'hd'] as const
export const IMAGE_STYLES = ['natural', 'vivid'] as const
export const IMAGE_COUNTS = [1, 2, 3, 4] as const
export type ImageModel = (typeof IMAGE_MODELS)[number]

/**
 * Bounds of image generation. The prompt lengths are OpenAI's (DALL·E 2 reads 1000 characters,
 * DALL·E 3 4000). Every image is paid for: each user may ask a few times a minute, enough to try
 * prompts, not to run up the bill.
 */
export const IMAGE_GENERATION_LIMITS = {
  maxPromptLength: { 'dall-e-2': 1000, 'dall-e-3': 4000 } satisfies Record<ImageModel, number>,
  requestsPerMinute: 5,
} as const

/**
 * POST /media/dalle (SPEC section 7): prompt, model, size, quality and n; the style is chosen on
 * the page but not sent, as the spec says, so DALL·E 3 draws in its default style (vivid, the
 * page's default too).
 */
export const GenerateImagesBodySchema = z
  .object({
    prompt: z.string().trim().min(1).max(IMAGE_GENERATION_LIMITS.maxPromptLength['dall-e-3']),
    model: z.enum(IMAGE_MODELS),
    size: z.enum(IMAGE_SIZES),
    quality: z.enum(IMAGE_QUALITIES),
    n: z.number().int().min(1).max(IMAGE_COUNTS.length),
  })
  .refine((b) => b.prompt.length <= IMAGE_GENERATION_LIMITS.maxPromptLength[b.model], {
    message: 'prompt too long for this model',
    path: ['prompt'],
  })
export type GenerateImagesBody = z.infer<typeof GenerateImagesBodySchema>

/**
 * One generated image, already kept in the user's library like an upload: `path` is the URL to
 * load it from (SPEC section 7's item), `mediaFile` the library entry the upload step uses.
 */
export const GeneratedImageSchema = z.object({ path: z.string(), mediaFile: MediaFileSchema })
export type GeneratedImage = z.infer<typeof GeneratedImageSchema>

export const mediaApi = {
  /** Stores the uploaded files (multipart: files, suggestion) and describes each. */
  describe: endpoint({
    method: 'POST',
    path: '/media/describe',
    body: 'multipart',
    answer: DescribeAnswerSchema,
    maxBodyBytes: UPLOAD_RULES.maxRequestBytes,
  }),
  /**
   * Describes files already in the user's library (picked on /media) without sending them
   * again: the upload screen's compose needs a description of every slide.
   */
  describeStored: endpoint({
    method: 'POST',
    path: '/media/describe/stored',
    body: z.object({
      names: z.array(MediaNameSchema).min(1).max(50),
      /** The user's idea for the video: context for the AI describe, as with /media/describe. */
      suggestion: z.string().max(2000).default(''),
    }),
    answer: DescribeAnswerSchema,
  }),
  listUploads: endpoint({
    method: 'GET',
    path: '/web/tasks/user/uploads',
    query: MediaListQuerySchema,
    answer: MediaListAnswerSchema,
  }),
  getUpload: endpoint({
    method: 'GET',
    path: '/web/tasks/user/uploads/:name',
    params: MediaNameParamsSchema,
    answer: 'binary',
  }),
  /** The upload's small preview (WebP, at most 720 px wide); a clip's is a still frame. */
  getUploadPreview: endpoint({
    method: 'GET',
    path: '/web/tasks/user/uploads/:name/preview',
    params: MediaNameParamsSchema,
    answer: 'binary',
  }),
  deleteUpload: endpoint({
    method: 'DELETE',
    path: '/web/tasks/user/uploads/:name',
    params: MediaNameParamsSchema,
    answer: z.null(),
  }),
  /**
   * The stock tabs this server has keys for (an addition beyond SPEC section 7): /media shows a
   * tab without one as unavailable instead of asking and being answered 503.
   */
  stockSources: endpoint({
    method: 'GET',
    path: '/media/stock/sources',
    answer: StockSourcesAnswerSchema,
  }),
  /** One page of a stock provider's search; `compressedUrl` is the provider's small preview. */
  searchStock: endpoint({
    method: 'GET',
    path: '/media/:provider',
    params: StockSearchParamsSchema,
    query: StockSearchQuerySchema,
    answer: MediaListAnswerSchema,
  }),
  /**
   * Copies a stock item into the user's library, checked like an upload. SPEC section 7 answers
   * a blob; the app needs the stored file's name and URLs to use it, so this answers its
   * MediaFile.
   */
  downloadStock: endpoint({
    method: 'POST',
    path: '/media/download',
    body: StockDownloadBodySchema,
    answer: MediaFileSchema,
  }),
  /**
   * Makes images from a prompt (PRO only) and keeps them in the user's library like uploads.
   * Without an OpenAI key on the server it answers msg_ai_not_configured.
   */
  generateImages: endpoint({
    method: 'POST',
    path: '/media/dalle',
    body: GenerateImagesBodySchema,
    answer: z.array(GeneratedImageSchema),
  }),
}
