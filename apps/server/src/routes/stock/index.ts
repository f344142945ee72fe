import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { mediaApi, STOCK_LIMITS, StockProviderSchema } from '@storyreel/core'
import type { StockSourcesAnswer } from '@storyreel/core'
import { AppError } from '../../http/app-error'
import { perUserLimit } from '../../http/per-user-limit'
import { route } from '../../http/route'
import { downloadStockMedia } from '../../services/stock-download'
import { toMediaFile } from '../../services/uploads'

/** The stock tabs of /media: search a provider, and copy a chosen item into the library. */
export async function stockRoutes(app: FastifyInstance) {
  const { db, storage, stock, env } = app.services
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH }
  const deps = { db, storage, stock, tmpDir: path.join(env.DATA_DIR, 'tmp'), tools }

  route(app, mediaApi.stockSources, async () => {
    const tabs = StockProviderSchema.options.map((tab) => [tab, stock.configured(tab)])
    return Object.fromEntries(tabs) as StockSourcesAnswer
  })

  route(
    app,
    mediaApi.searchStock,
    async (req) => {
      const provider = StockProviderSchema.safeParse(req.params.provider)
      if (!provider.success) throw new AppError('msg_invalid_provider')
      const { query, page, per_page, w, h } = req.query
      return stock.search(provider.data, { query, page, perPage: per_page, width: w, height: h })
    },
    { config: perUserLimit(STOCK_LIMITS.searchesPerMinute) },
  )

  route(
    app,
    mediaApi.downloadStock,
    async (req) => {
      const { user } = req
      const row = await downloadStockMedia(req.body.url, user.id, deps, req.log)
      if (req.body.name) await stock.reportTaken(req.body.name)
      return toMediaFile(row, { compressed: true })
    },
    { config: perUserLimit(STOCK_LIMITS.downloadsPerMinute) },
  )
}
