import { chmod, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * ffmpeg and ffprobe as the server runs them, each under GNU time, which appends the run's peak
 * resident memory to a log: decoding happens in these children, which the server's own maxRSS
 * never sees. `env` points a test server at them (FFMPEG_PATH, FFPROBE_PATH); a run the server
 * kills takes its tool with it (setpriv's parent-death signal).
 */
export async function measuredTools(dir: string) {
  const log = path.join(dir, 'tool-peaks.log')
  await writeFile(log, '')
  const wrapper = async (tool: string) => {
    const file = path.join(dir, `measured-${tool}`)
    const run = `exec /usr/bin/time -f %M -a -o '${log}' setpriv --pdeathsig KILL ${tool} "$@"`
    await writeFile(file, `#!/bin/sh\n${run}\n`)
    await chmod(file, 0o755)
    return file
  }
  return {
    env: { FFMPEG_PATH: await wrapper('ffmpeg'), FFPROBE_PATH: await wrapper('ffprobe') },
    /** Each finished run's peak resident memory, in KB, in the order they ended. */
    async peaksKb(): Promise<number[]> {
      const lines = (await readFile(log, 'utf8')).split('\n')
      // GNU time also writes a line of its own for a run that failed or was killed.
      return lines.filter((l) => /^\d+$/.test(l)).map(Number)
    },
  }
}
