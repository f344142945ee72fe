import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { audioApi, boundedNarrationSeconds } from '@storyreel/core'
import { builtInMusic, builtInTrackKey } from '../../adapters/music/built-in-music'
import { perUserLimit } from '../../http/per-user-limit'
import { route } from '../../http/route'
import { sendStored } from '../../http/send-stored'
import { speak, speechCacheBytes } from '../../services/speech'

/**
 * Readings a signed-in user may fetch a minute: the voice preview button waits 3 s between two
 * (SPEC section 9), and the editor's playing preview fetches each slide's narration once (cached
 * in the page, and here, after its length was measured), so a composition of many narrated
 * slides opened fresh fits, while a client looping on synthesis is held back.
 */
const READINGS_PER_MINUTE = 30

/**
 * Narration lengths a user may ask for a minute: the editor asks once per slide's text after
 * typing pauses (cached in the page), so a composition of many narrated slides opened fresh
 * fits, while a client looping on synthesis is held back.
 */
const LENGTHS_PER_MINUTE = 30

export async function audioRoutes(app: FastifyInstance) {
  const { voice, storage, db, env } = app.services
  const deps = {
    voice,
    storage,
    db,
    cacheBytes: speechCacheBytes(env),
    tmpDir: path.join(env.DATA_DIR, 'tmp'),
  }

  /**
   * The voice reading the text: the editor's voice preview and its playing preview's narration,
   * cached for the user's next ask. The voice takes one text of each user at a time, users
   * taking turns (adapters/voice).
   */
  route(
    app,
    audioApi.generate,
    async (req, res) => {
      const speech = await speak(deps, { userId: req.user.id, ...req.body })
      const size = await storage.size(speech.mp3Key)
      if (!size) throw new Error(`spoken audio missing from storage: ${speech.mp3Key}`)
      return res.type('audio/mpeg').header('content-length', size).send(storage.read(speech.mp3Key))
    },
    { config: perUserLimit(READINGS_PER_MINUTE) },
  )

  /**
   * How long the voice reads the text, in the video: the synthesis the render will use (and
   * caches for it), so the editor shows each slide's true length before rendering.
   */
  route(
    app,
    audioApi.length,
    async (req) => {
      const speech = await speak(deps, { userId: req.user.id, ...req.body })
      return { seconds: boundedNarrationSeconds(speech.seconds, req.body.text) }
    },
    { config: perUserLimit(LENGTHS_PER_MINUTE) },
  )

  /** A built-in music track (AAC in MP4): the Music panel's preview and the preview's bed. */
  route(app, audioApi.musicTrack, async (req, res) =>
    sendStored(
      req,
      res,
      builtInMusic,
      builtInTrackKey(req.params.track),
      'audio/mp4',
      'msg_media_not_found',
    ),
  )
}
