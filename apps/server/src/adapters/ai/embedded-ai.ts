import type { MediaTools } from '@storyreel/render/server'
import { AppError } from '../../http/app-error'
import { describeMedia } from './embedded/analyze-media'
import { compose } from './embedded/composer'
import type { AiEngine } from './ai'

/** The offline engine: the pixel analysis describes, the rules compose, no images are made. */
export function embeddedAi(tools: MediaTools): AiEngine {
  return {
    name: 'embedded',
    async describe(media) {
      const descriptions = []
      // One at a time: a clip's analysis runs ffmpeg, and a request may carry fifty files.
      for (const m of media)
        descriptions.push(await describeMedia(m.file, m.filename, m.kind, tools))
      return descriptions
    },
    async compose(descriptions, suggestion, ratio) {
      return compose(descriptions, suggestion, ratio)
    },
    async generateImages() {
      throw new AppError('msg_ai_not_configured')
    },
  }
}
