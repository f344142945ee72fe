import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  DEFAULT_CAPTIONS,
  DEFAULT_VOICE,
  TIMINGS,
  UI_TEXT,
  VOICES,
  audioApi,
  endpointUrl,
} from '@storyreel/core'
import type { Composition, VoiceId } from '@storyreel/core'
import { newEmail, signUp, toast } from './support/auth'
import { watchPageProblems, phoneContext } from './support/browser'
import { makeImage } from './support/media'
import { colorInPreview } from './support/preview'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

interface Story {
  composition: Composition
  voice: VoiceId | null
}

/** The story as the app saved it in browser storage. */
async function stored(page: Page): Promise<Story> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: Story }).state
}

const movie = async (page: Page) => (await stored(page)).composition.movieParams

/** Caption highlight for the journey: a green that neither picture has. */
const GREEN = { r: 0, g: 255, b: 0 }

/** Every media element the page asked to play, and how far each got. */
function played(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { __played: HTMLMediaElement[] }).__played.map((media) => ({
      audio: media instanceof HTMLAudioElement,
      blob: media.currentSrc.startsWith('blob:'),
      time: media.currentTime,
    })),
  )
}

describe('narration: a voice, the words of each slide, captions on the frame', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]

  beforeAll(async () => {
    journey = await startJourney('narration')
    ;({ server, browser, workDir } = journey)
    // Dark pictures without green: the captions' highlight is told apart on the canvas.
    pictures = await Promise.all([
      makeImage(workDir, 'navy.png', 'color=c=navy:s=320x240'),
      makeImage(workDir, 'maroon.png', 'color=c=maroon:s=320x240'),
    ])
  })

  afterAll(() => journey?.stop())

  test('on a phone: preview voices, choose one, narrate a slide, captions, undo, render', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    // Remembers every element asked to play, to see that the preview's <audio> really played.
    await page.addInitScript(() => {
      const played: HTMLMediaElement[] = []
      Object.assign(window, { __played: played })
      const play = HTMLMediaElement.prototype.play
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        played.push(this)
        return play.call(this)
      }
    })
    try {
      await signUp(page, server, newEmail('narration'))
      await page.getByRole('button', { name: /9:16/ }).click()
      await page.getByLabel('Choose files').setInputFiles(pictures)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('heading', { name: 'Slide 1 of 2' }).waitFor()
      // Composed for the chosen format, and narrated by the default voice.
      expect(await movie(page)).toMatchObject({ width: 1080, height: 1920, voice: DEFAULT_VOICE })

      // The Audio panel: the six voices and Off, beside the music (e2e/music.test.ts).
      await page.getByRole('button', { name: 'Audio', exact: true }).click()
      const panel = page.getByRole('dialog', { name: 'Audio' })
      const voices = panel.getByRole('group', { name: 'Voice' }).getByRole('radio')
      expect(await voices.count()).toBe(VOICES.length + 1)
      const ben = VOICES.find((v) => v.id === DEFAULT_VOICE)!
      const clara = VOICES.find((v) => v.id === 'clb')!
      expect(await panel.getByRole('radio', { name: new RegExp(`^${ben.name}`) }).isChecked()).toBe(
        true,
      )

      // Preview the default voice: the server reads the sample as audio/mpeg, and it plays.
      // The preview's own request: the editor also fetches each slide's narration for Play.
      const answer = page.waitForResponse(
        (r) =>
          r.url().endsWith(endpointUrl(audioApi.generate)) &&
          r.request().postData()?.includes(UI_TEXT.audioPreviewDefaultText) === true,
      )
      const askedAt = Date.now()
      await panel.getByRole('button', { name: `Preview ${ben.name}` }).click()
      // A second ask within the cooldown is refused at once, before the first even answers.
      await panel.getByRole('button', { name: `Preview ${clara.name}` }).click()
      await toast(page, UI_TEXT.audioPreviewCooldown).waitFor()
      const response = await answer
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toMatch(/^audio\/mpeg/)
      // The bytes as they came over the wire (the page has read the body itself).
      expect(Number(response.headers()['content-length'])).toBeGreaterThan(0)
      expect((await response.request().sizes()).responseBodySize).toBeGreaterThan(0)
      expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({
        text: UI_TEXT.audioPreviewDefaultText,
        voice: ben.id,
      })
      await expect
        .poll(async () => (await played(page)).some((m) => m.audio && m.blob && m.time > 0), {
          timeout: 15_000,
        })
        .toBe(true)

      // Choose another voice, switch narration Off and back: each saved at once.
      await panel.getByRole('radio', { name: new RegExp(`^${clara.name}`) }).click()
      await expect.poll(async () => (await movie(page)).voice).toBe(clara.id)
      expect((await stored(page)).voice).toBe(clara.id)
      await panel.getByRole('group', { name: 'Voice' }).getByRole('radio', { name: /^Off/ }).click()
      await expect.poll(async () => (await movie(page)).voice).toBeNull()
      await panel.getByRole('radio', { name: new RegExp(`^${clara.name}`) }).click()
      await expect.poll(async () => (await movie(page)).voice).toBe(clara.id)
      await page.getByRole('button', { name: 'Audio', exact: true }).click()
      await panel.waitFor({ state: 'hidden' })

      // Narrate the first slide: a long text stretches the slide, and the editor says so.
      const words =
        'Morning light spills over the quiet harbour while fishing boats drift home, ' +
        'gulls circle overhead and the old town slowly wakes to a brand new day.'
      await page.getByLabel('Narration', { exact: true }).fill(words)
      await expect
        .poll(async () => (await stored(page)).composition.composition[0]!.narration)
        .toBe(words)
      await page.getByText(/^[\d.]+ s — longer to fit its narration$/).waitFor()
      await page.getByText(`${words.length}/400`).waitFor()

      // Listen reads the slide's words in the chosen voice, once the cooldown is over (counted
      // from the click, which reaches the page a little after it is sent).
      await page.waitForTimeout(
        Math.max(0, TIMINGS.audioPreviewCooldownMs + 1000 - (Date.now() - askedAt)),
      )
      const listened = page.waitForResponse((r) => r.url().endsWith(endpointUrl(audioApi.generate)))
      await page.getByRole('button', { name: 'Listen' }).click()
      const listen = await listened
      expect(listen.status()).toBe(200)
      expect(JSON.parse(listen.request().postData() ?? '{}')).toEqual({
        text: words,
        voice: clara.id,
      })

      // Captions: none on the frame until they are on; then the spoken word is lit in green.
      expect(await colorInPreview(page, 'lower', GREEN)).toBe(0)
      await page.getByRole('switch', { name: 'Show captions' }).click()
      await expect
        .poll(async () => (await movie(page)).captions)
        .toEqual({ ...DEFAULT_CAPTIONS, enabled: true })
      await page.getByLabel('Highlight').fill('#00ff00')
      await expect.poll(async () => (await movie(page)).captions?.highlight).toEqual(GREEN)
      await expect.poll(() => colorInPreview(page, 'lower', GREEN)).toBeGreaterThan(20)

      // Undo takes the colour back, then the captions; redo brings both again.
      const undo = page.getByRole('button', { name: 'Undo' })
      const redo = page.getByRole('button', { name: 'Redo' })
      await undo.click()
      await expect
        .poll(async () => (await movie(page)).captions?.highlight)
        .toEqual(DEFAULT_CAPTIONS.highlight)
      await undo.click()
      // Back to a video that never had captions.
      await expect.poll(async () => (await movie(page)).captions).toBeUndefined()
      await expect.poll(() => colorInPreview(page, 'lower', GREEN)).toBe(0)
      await redo.click()
      await redo.click()
      await expect.poll(async () => (await movie(page)).captions?.highlight).toEqual(GREEN)
      await expect.poll(() => colorInPreview(page, 'lower', GREEN)).toBeGreaterThan(20)

      // Render: the narrated, captioned video finishes.
      await page.getByRole('button', { name: 'Render', exact: true }).click()
      await page.waitForURL('**/render/*')
      await page.getByText('Your video is ready').waitFor({ timeout: 8 * 60 * 1000 })
      await page.getByRole('button', { name: 'Download' }).waitFor()
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
