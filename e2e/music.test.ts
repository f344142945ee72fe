import { execFile } from 'node:child_process'
import { copyFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_MUSIC_VOLUME, MUSIC_TRACKS, messageText } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { seriousA11yViolations } from './support/axe'
import { newEmail, signUp, toast } from './support/auth'
import { DESKTOP, phoneContext, PHONE, watchPageProblems } from './support/browser'
import { makeImage, probe, soundWindows } from './support/media'
import { FFMPEG } from './support/paths'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

const run = promisify(execFile)

/** Where to keep screenshots of the panel, when asked to (to look at them). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

const movie = async (page: Page) => {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { composition: Composition } }).state.composition
    .movieParams
}

/** A few seconds of a soft chord as MP3, the user's own music. */
async function makeSong(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name)
  const tones = [220, 277.18, 329.63].map((f) => `sin(2*PI*${f}*t)`).join('+')
  await run(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=0.2*(${tones}):s=44100:d=6`],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', file],
  ])
  return file
}

/** The footer's Audio panel, opened unless it is open already. */
async function openAudioPanel(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Audio' })
  if (!(await panel.isVisible())) {
    await page.getByRole('button', { name: 'Audio', exact: true }).click()
  }
  await panel.waitFor()
  return { panel, music: panel.getByRole('group', { name: 'Music' }) }
}

describe('music: the Audio panel chooses, previews and uploads the music bed', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]
  let song: string

  beforeAll(async () => {
    journey = await startJourney('music', {
      browserArgs: ['--autoplay-policy=no-user-gesture-required'],
    })
    ;({ server, browser, workDir } = journey)
    pictures = await Promise.all([
      makeImage(workDir, 'teal.png', 'color=c=teal:s=320x320'),
      makeImage(workDir, 'olive.png', 'color=c=olive:s=320x320'),
    ])
    song = await makeSong(workDir, 'Sunday song.mp3')
  })

  afterAll(() => journey?.stop())

  /** A new user's square video of the two pictures, open in the editor. */
  async function composeSquare(page: Page, who: string) {
    await signUp(page, server, newEmail(who))
    await page.getByRole('button', { name: /1:1/ }).click()
    await page.getByLabel('Choose files').setInputFiles(pictures)
    await page.getByRole('button', { name: 'Compose video' }).click()
    await page.waitForURL('**/customize', { timeout: 120_000 })
    await page.getByRole('heading', { name: 'Slide 1 of 2' }).waitFor()
  }

  test('on a phone: choose a track, preview, volume, undo, upload, refusals, reload', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    await page.addInitScript(() => {
      const played: string[] = []
      Object.assign(window, { __played: played })
      const play = HTMLMediaElement.prototype.play
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        played.push(this.src)
        return play.call(this)
      }
    })
    const played = () => page.evaluate(() => (window as unknown as { __played: string[] }).__played)
    try {
      await composeSquare(page, 'music')

      // Off and the five built-in tracks, each with its mood; the voices stay a list of their own.
      // The composer's choice is checked.
      const composed = (await movie(page)).music ?? null
      let { panel, music } = await openAudioPanel(page)
      expect(await music.getByRole('radio').count()).toBe(MUSIC_TRACKS.length + 1)
      for (const track of MUSIC_TRACKS) {
        await music.getByText(track.title, { exact: true }).waitFor()
      }
      const composedTitle = MUSIC_TRACKS.find((t) => t.id === composed?.track)?.title ?? 'Off'
      expect(
        await music.getByRole('radio', { name: new RegExp(`^${composedTitle}`) }).isChecked(),
      ).toBe(true)
      await music.getByRole('radio', { name: /^Off/ }).check()
      await expect.poll(async () => (await movie(page)).music ?? null).toBeNull()

      // A track is chosen from the keyboard, two radios after Off: one step back, not two.
      await music.getByRole('radio', { name: /^Off/ }).focus()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      const [first, second] = MUSIC_TRACKS
      await expect
        .poll(async () => (await movie(page)).music)
        .toEqual({ track: second.id, volume: DEFAULT_MUSIC_VOLUME })

      // Its preview plays the track the server serves; another's stops it; a second press stops.
      const served = page.waitForResponse((r) => r.url().includes(`/audio/music/${first.id}`))
      await music.getByRole('button', { name: `Preview ${first.title}` }).click()
      expect((await served).status()).toBeLessThan(300)
      await music.getByRole('button', { name: `Stop ${first.title} preview` }).waitFor()
      await music.getByRole('button', { name: `Preview ${second.title}` }).click()
      await music.getByRole('button', { name: `Stop ${second.title} preview` }).waitFor()
      await music.getByRole('button', { name: `Preview ${first.title}` }).waitFor()
      await music.getByRole('button', { name: `Stop ${second.title} preview` }).click()
      await music.getByRole('button', { name: `Preview ${second.title}` }).waitFor()
      expect((await played()).map((src) => new URL(src).pathname)).toEqual([
        `/api/audio/music/${first.id}`,
        `/api/audio/music/${second.id}`,
      ])

      // The volume slider, from the keyboard: two steps down are one edit.
      await music.getByRole('slider', { name: 'Music volume' }).focus()
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      await expect.poll(async () => (await movie(page)).music?.volume).toBeCloseTo(0.4, 5)
      await page.keyboard.press('Escape')

      // Undo walks back the volume, then the choice (to the composer's); redo brings both again.
      const undo = page.getByRole('button', { name: 'Undo' })
      const redo = page.getByRole('button', { name: 'Redo' })
      await undo.click()
      await expect
        .poll(async () => (await movie(page)).music)
        .toEqual({ track: second.id, volume: DEFAULT_MUSIC_VOLUME })
      await undo.click()
      await expect.poll(async () => (await movie(page)).music ?? null).toEqual(composed)
      await redo.click()
      await redo.click()
      await expect
        .poll(async () => (await movie(page)).music)
        .toEqual({ track: second.id, volume: 0.4 })

      // A picture renamed .mp3 is refused by the server, in its words, and nothing is added.
      ;({ panel, music } = await openAudioPanel(page))
      const fake = path.join(workDir, 'not a song.mp3')
      await copyFile(pictures[0]!, fake)
      await panel.getByLabel('Choose a music file').setInputFiles(fake)
      await toast(page, messageText('msg_unsupported_audio')).waitFor()
      expect(await music.getByRole('radio').count()).toBe(MUSIC_TRACKS.length + 1)

      // The user's own MP3, on a slow connection: its progress shows while it goes up; then it
      // is listed under Your music with its length, and chosen.
      const cdp = await context.newCDPSession(page)
      const slow = { offline: false, latency: 0, downloadThroughput: -1 }
      await cdp.send('Network.emulateNetworkConditions', { ...slow, uploadThroughput: 40_000 })
      await panel.getByLabel('Choose a music file').setInputFiles(song)
      const progress = music.getByRole('progressbar', { name: /^Uploading Sunday song\.mp3/ })
      await progress.waitFor()
      await expect
        .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
        .toBeGreaterThan(0)
      if (SCREENSHOTS) {
        await music.locator('.music-upload').screenshot({
          path: path.join(SCREENSHOTS, 'music-upload-progress.png'),
        })
      }
      await cdp.send('Network.emulateNetworkConditions', { ...slow, uploadThroughput: -1 })
      const own = music.getByRole('radio', { name: /^Sunday song\.mp3/ })
      await own.waitFor()
      await expect.poll(() => own.isChecked()).toBe(true)
      await music.getByText('6 s · MP3').waitFor()
      const chosen = (await movie(page)).music
      expect(chosen).toMatchObject({ volume: 0.4 })
      expect(chosen?.track).toMatch(/^[0-9a-f-]{36}\.mp3$/)
      await music.getByRole('button', { name: 'Preview Sunday song.mp3' }).click()
      await music.getByRole('button', { name: 'Stop Sunday song.mp3 preview' }).waitFor()
      expect(new URL((await played()).at(-1)!).pathname).toBe(`/api/audio/files/${chosen!.track}`)
      await music.getByRole('button', { name: 'Stop Sunday song.mp3 preview' }).click()

      if (SCREENSHOTS) {
        await panel.screenshot({ path: path.join(SCREENSHOTS, 'music-phone.png') })
        await music.getByRole('radio', { name: /^Off/ }).scrollIntoViewIfNeeded()
        await page.screenshot({ path: path.join(SCREENSHOTS, 'music-phone-page.png') })
      }
      expect(await seriousA11yViolations(page)).toEqual([])

      // A reload keeps the choice, and the panel shows it.
      await page.reload()
      await page.getByRole('heading', { name: 'Slide 1 of 2' }).waitFor()
      expect((await movie(page)).music).toEqual(chosen)
      ;({ panel, music } = await openAudioPanel(page))
      await expect
        .poll(() => music.getByRole('radio', { name: /^Sunday song\.mp3/ }).isChecked())
        .toBe(true)
      if (SCREENSHOTS) {
        await page.setViewportSize(DESKTOP)
        await page.screenshot({ path: path.join(SCREENSHOTS, 'music-desktop.png') })
        await page.setViewportSize(PHONE)
      }

      // Deleted after a confirmation: gone from the library, and the video has no music then.
      await music.getByRole('button', { name: 'Delete Sunday song.mp3' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Delete this music?' })
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'music-delete.png') })
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await expect.poll(async () => (await movie(page)).music ?? null).toBeNull()
      ;({ music } = await openAudioPanel(page))
      await music.getByRole('radio', { name: /^Off/ }).waitFor()
      expect(await music.getByRole('radio', { name: /^Sunday song\.mp3/ }).count()).toBe(0)
      const listed = await page.evaluate(async () => (await fetch('/api/audio/files')).json())
      expect(listed).toMatchObject({ data: [] })
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  /** The proof: at least 90 % of 250 ms windows above -45 dBFS. */
  const HEARD_SHARE = 0.9
  const SILENCE_DB = -45

  /** Renders the editor's video and downloads it; back in the editor after. */
  async function renderAndDownload(page: Page, name: string): Promise<string> {
    await page.getByRole('button', { name: 'Render', exact: true }).click()
    await page.waitForURL('**/render/*')
    const download = page.getByRole('button', { name: 'Download' })
    await download.waitFor({ timeout: 8 * 60 * 1000 })
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    const saved = path.join(workDir, name)
    await file.saveAs(saved)
    await page.goto(`${server.url}/customize`)
    await page.getByRole('heading', { name: /^Slide 1 of/ }).waitFor()
    return saved
  }

  const heardShare = (levels: number[]) =>
    levels.filter((db) => db > SILENCE_DB).length / Math.max(1, levels.length)

  test('a built-in track and an uploaded MP3 are heard in the video; Off is silent', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await composeSquare(page, 'music-render')
      // Two slides of 3 s and no narration: whatever is heard is the music.
      for (let i = 0; i < 2; i++) {
        await page.getByLabel('Slide duration').fill('3')
        await page.getByLabel('Narration', { exact: true }).fill('')
        await page.getByRole('button', { name: 'Next slide' }).click()
      }
      let { panel, music } = await openAudioPanel(page)
      await panel.getByRole('group', { name: 'Voice' }).getByRole('radio', { name: /^Off/ }).check()
      const track = MUSIC_TRACKS[0]
      await music.getByRole('radio', { name: new RegExp(`^${track.title}`) }).check()
      await expect.poll(async () => (await movie(page)).music?.track).toBe(track.id)
      await page.keyboard.press('Escape')

      const builtIn = await renderAndDownload(page, 'built-in.mp4')
      expect((await probe(builtIn)).duration).toBeCloseTo(6, 0)
      const builtInLevels = await soundWindows(builtIn)
      expect(builtInLevels.length).toBeGreaterThanOrEqual(20)
      expect(heardShare(builtInLevels)).toBeGreaterThanOrEqual(HEARD_SHARE)

      ;({ panel, music } = await openAudioPanel(page))
      await panel.getByLabel('Choose a music file').setInputFiles(song)
      const own = music.getByRole('radio', { name: /^Sunday song\.mp3/ })
      await expect.poll(() => own.isChecked()).toBe(true)
      await page.keyboard.press('Escape')
      const uploaded = await renderAndDownload(page, 'uploaded.mp4')
      const uploadedLevels = await soundWindows(uploaded)
      expect(heardShare(uploadedLevels)).toBeGreaterThanOrEqual(HEARD_SHARE)

      ;({ panel, music } = await openAudioPanel(page))
      await music.getByRole('radio', { name: /^Off/ }).check()
      await expect.poll(async () => (await movie(page)).music ?? null).toBeNull()
      await page.keyboard.press('Escape')
      const off = await renderAndDownload(page, 'off.mp4')
      const offLevels = await soundWindows(off)
      expect(heardShare(offLevels)).toBe(0)
      console.info(
        `music heard in 250 ms windows above ${SILENCE_DB} dBFS: built-in ` +
          `${heardShare(builtInLevels).toFixed(3)}, uploaded ${heardShare(uploadedLevels).toFixed(3)}, ` +
          `off ${heardShare(offLevels).toFixed(3)} (${offLevels.length} windows)`,
      )
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
