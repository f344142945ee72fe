import { MESSAGES, TIMINGS, UI_TEXT } from '@storyreel/core'
import { describe, expect, test, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { audioProblem, createPreviewPlayer, previewRefusal } from './audio-preview'
import type { AudioOutput, PreviewPlayerDeps } from './audio-preview'

const COOLDOWN = TIMINGS.audioPreviewCooldownMs

describe('previewRefusal', () => {
  test('needs words and a voice', () => {
    expect(previewRefusal('', 'bdl', null, 0)).toBe(UI_TEXT.audioPreviewNeedsTextAndVoice)
    expect(previewRefusal('  \n', 'bdl', null, 0)).toBe(UI_TEXT.audioPreviewNeedsTextAndVoice)
    expect(previewRefusal(' ...!', 'bdl', null, 0)).toBe(UI_TEXT.audioPreviewNeedsTextAndVoice)
    expect(previewRefusal('Hello', null, null, 0)).toBe(UI_TEXT.audioPreviewNeedsTextAndVoice)
    expect(previewRefusal('Hello', 'bdl', null, 0)).toBeNull()
  })

  test('allows one request per cooldown, counted from the last one', () => {
    expect(previewRefusal('Hello', 'bdl', 1000, 1000 + COOLDOWN - 1)).toBe(
      UI_TEXT.audioPreviewCooldown,
    )
    expect(previewRefusal('Hello', 'bdl', 1000, 1000 + COOLDOWN)).toBeNull()
  })
})

describe('audioProblem', () => {
  test('wants audio with bytes in it', () => {
    expect(audioProblem({ type: 'audio/mpeg', hasBody: true, size: 10 })).toBeNull()
    expect(audioProblem({ type: 'Audio/MPEG; rate=24000', hasBody: true, size: 10 })).toBeNull()
    expect(audioProblem({ type: 'application/json', hasBody: true, size: 10 })).toBe(
      UI_TEXT.audioPreviewNotAudio,
    )
    expect(audioProblem({ type: null, hasBody: true, size: 10 })).toBe(UI_TEXT.audioPreviewNotAudio)
    expect(audioProblem({ type: 'audio/mpeg', hasBody: false, size: 0 })).toBe(
      UI_TEXT.audioPreviewEmptyData,
    )
    expect(audioProblem({ type: 'audio/mpeg', hasBody: true, size: 0 })).toBe(
      UI_TEXT.audioPreviewEmpty,
    )
  })
})

/** A player over fakes: a clock the test moves, a server it answers for, an element that logs. */
function setup(answer: (signal: AbortSignal) => Promise<Response>) {
  const clock = { now: 10_000 }
  const notified: string[] = []
  const element: AudioOutput & { played: string[]; paused: number } = {
    src: '',
    played: [],
    paused: 0,
    play: vi.fn(async () => {
      element.played.push(element.src)
    }),
    pause: () => {
      element.paused++
    },
    removeAttribute: () => {
      element.src = ''
    },
    load: () => {},
    onended: null,
  }
  const generate = vi.fn((_text: string, _voice: string, signal: AbortSignal) => answer(signal))
  const revoked: string[] = []
  let made = 0
  const deps: PreviewPlayerDeps = {
    generate,
    output: () => element,
    notify: (text) => notified.push(text),
    now: () => clock.now,
    objectUrl: () => `blob:${++made}`,
    revokeUrl: (url) => revoked.push(url),
  }
  const player = createPreviewPlayer(deps)
  const states: unknown[] = []
  player.subscribe(() => states.push(player.state()))
  return { player, clock, notified, element, generate, revoked, states }
}

const mp3 = () =>
  Promise.resolve(
    new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'audio/mpeg' } }),
  )

describe('createPreviewPlayer', () => {
  test('asks the server, plays the answer, and is idle again when it ends', async () => {
    const { player, element, generate, notified, revoked, states } = setup(mp3)
    await player.toggle('voice:bdl', ' Hello there ', 'bdl')
    expect(generate).toHaveBeenCalledWith('Hello there', 'bdl', expect.any(AbortSignal))
    expect(element.played).toEqual(['blob:1'])
    expect(player.state()).toEqual({ key: 'voice:bdl', status: 'playing' })
    expect(states).toEqual([{ key: 'voice:bdl', status: 'loading' }, player.state()])
    element.onended?.(new Event('ended'))
    expect(player.state()).toBeNull()
    expect(revoked).toEqual(['blob:1'])
    expect(notified).toEqual([])
  })

  test('refuses a second request within the cooldown, even for another voice', async () => {
    const { player, clock, generate, notified } = setup(mp3)
    await player.toggle('voice:bdl', 'Hello', 'bdl')
    clock.now += COOLDOWN - 1
    await player.toggle('voice:slt', 'Hello', 'slt')
    expect(notified).toEqual([UI_TEXT.audioPreviewCooldown])
    expect(generate).toHaveBeenCalledTimes(1)
    // The first one plays on.
    expect(player.state()).toEqual({ key: 'voice:bdl', status: 'playing' })
    clock.now += 1
    await player.toggle('voice:slt', 'Hello', 'slt')
    expect(generate).toHaveBeenCalledTimes(2)
    expect(player.state()).toEqual({ key: 'voice:slt', status: 'playing' })
  })

  test('the same button again stops, without a request', async () => {
    const { player, element, generate } = setup(mp3)
    await player.toggle('voice:bdl', 'Hello', 'bdl')
    await player.toggle('voice:bdl', 'Hello', 'bdl')
    expect(player.state()).toBeNull()
    expect(element.paused).toBe(1)
    expect(element.src).toBe('')
    expect(generate).toHaveBeenCalledTimes(1)
  })

  test('asks for nothing without words or a voice', async () => {
    const { player, generate, notified } = setup(mp3)
    await player.toggle('slide:a', '   ', 'bdl')
    await player.toggle('slide:a', 'Hello', null)
    expect(generate).not.toHaveBeenCalled()
    expect(notified).toEqual([
      UI_TEXT.audioPreviewNeedsTextAndVoice,
      UI_TEXT.audioPreviewNeedsTextAndVoice,
    ])
  })

  test.each([
    [
      'not audio',
      new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
      UI_TEXT.audioPreviewNotAudio,
    ],
    [
      'no body',
      new Response(null, { headers: { 'Content-Type': 'audio/mpeg' } }),
      UI_TEXT.audioPreviewEmptyData,
    ],
    [
      'no bytes',
      new Response(new Uint8Array(0), { headers: { 'Content-Type': 'audio/mpeg' } }),
      UI_TEXT.audioPreviewEmpty,
    ],
  ])('an answer with %s is refused', async (_, response, text) => {
    const { player, element, notified } = setup(() => Promise.resolve(response))
    await player.toggle('voice:bdl', 'Hello', 'bdl')
    expect(notified).toEqual([text])
    expect(element.played).toEqual([])
    expect(player.state()).toBeNull()
  })

  test('a failed request shows the server message, or the preview failure', async () => {
    const coded = setup(() =>
      Promise.reject(
        new ApiError(MESSAGES.generic_error_message.text, 500, 'generic_error_message'),
      ),
    )
    await coded.player.toggle('voice:bdl', 'Hello', 'bdl')
    expect(coded.notified).toEqual([MESSAGES.generic_error_message.text])

    const bare = setup(() => Promise.reject(new ApiError(UI_TEXT.noBody, 502)))
    await bare.player.toggle('voice:bdl', 'Hello', 'bdl')
    expect(bare.notified).toEqual([UI_TEXT.failedAudioPreview])
    expect(bare.player.state()).toBeNull()
  })

  test('play() refused is a playback failure', async () => {
    const { player, element, notified, revoked } = setup(mp3)
    vi.mocked(element.play).mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'))
    await player.toggle('voice:bdl', 'Hello', 'bdl')
    expect(notified).toEqual([UI_TEXT.failedPlayAudio])
    expect(player.state()).toBeNull()
    expect(revoked).toEqual(['blob:1'])
  })

  test('a stop while loading calls the request off quietly', async () => {
    const { player, element, notified } = setup(
      (signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    )
    const pending = player.toggle('voice:bdl', 'Hello', 'bdl')
    expect(player.state()).toEqual({ key: 'voice:bdl', status: 'loading' })
    player.stop()
    await pending
    expect(player.state()).toBeNull()
    expect(element.played).toEqual([])
    expect(notified).toEqual([])
  })

  test('plays a track from its URL, one preview at a time, with no cooldown', async () => {
    const { player, element, generate, notified } = setup(mp3)
    await player.toggle('voice:bdl', 'Hello', 'bdl')
    await player.toggleUrl('music:still-water', '/api/audio/music/still-water')
    expect(element.played).toEqual(['blob:1', '/api/audio/music/still-water'])
    expect(element.paused).toBe(1)
    expect(player.state()).toEqual({ key: 'music:still-water', status: 'playing' })
    await player.toggleUrl('music:bright-day', '/api/audio/music/bright-day')
    expect(player.state()).toEqual({ key: 'music:bright-day', status: 'playing' })
    await player.toggleUrl('music:bright-day', '/api/audio/music/bright-day')
    expect(player.state()).toBeNull()
    expect(element.src).toBe('')
    expect(generate).toHaveBeenCalledTimes(1)
    expect(notified).toEqual([])
  })

  test('a track that will not play says so', async () => {
    const { player, element, notified } = setup(mp3)
    vi.mocked(element.play).mockRejectedValueOnce(new DOMException('no', 'NotSupportedError'))
    await player.toggleUrl('music:x.mp3', '/api/audio/files/x.mp3')
    expect(notified).toEqual([UI_TEXT.failedPlayAudio])
    expect(player.state()).toBeNull()
  })
})
