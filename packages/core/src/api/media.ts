import { z } from 'zod'
import { MAX_MOVIE_SIDE, MEDIA_PAGE_SIZE } from '../limits'
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

/** A stock item's `path` (or `videoPath`) from a search answer. */
export const StockDownloadBodySchema = z.object({
  url: z.string().url().max(2048),
  /** The item's name in the search answer: Unsplash's terms ask to report each photo taken. */
  name: z.string().max(200).optional(),
})

export const mediaApi = {
  /** Stores the uploaded files (multipart: files, suggestion) and describes each. */
  describe: endpoint({
    method: 'POST',
    path: '/media/describe',
    body: 'multipart',
    answer: DescribeAnswerSchema,
  }),
  /**
   * Describes files already in the user's library (picked on /media) without sending them
   * again: the upload screen's compose needs a description of every slide.
   */
  describeStored: endpoint({
    method: 'POST',
    path: '/media/describe/stored',
    body: z.object({ names: z.array(MediaNameSchema).min(1).max(50) }),
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
}
