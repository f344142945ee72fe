import { describe, expect, it } from 'vitest'
import { runTool } from './run-tool'

describe('runTool', () => {
  it("resolves with the program's stdout", async () => {
    const out = await runTool('sh', ['-c', 'printf "a\\0b"'])
    expect(out).toEqual(Buffer.from('a\0b'))
  })

  it('rejects with the exit code and the tail of stderr', async () => {
    const run = runTool('sh', ['-c', "printf '%5000s' | tr ' ' x >&2; echo broken >&2; exit 3"])
    await expect(run).rejects.toThrow(/^sh exited with 3: x+broken$/)
    const message = await run.catch((e: Error) => e.message)
    expect(message.length).toBeLessThan(2100)
  })

  it('rejects when the program cannot be started', async () => {
    await expect(runTool('/nonexistent/ffprobe', [])).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('kills the program and rejects with AbortError on abort', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const run = runTool('sleep', ['30'], { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(Date.now() - started).toBeLessThan(20_000)
  })
})
