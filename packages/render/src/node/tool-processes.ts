import type { ChildProcess } from 'node:child_process'

/**
 * The tool processes (ffmpeg, ffprobe) one render thread started. Only the event loop that
 * spawned a child reaps it (waitpid): a child that outlives its thread stays a zombie of the
 * server for good, or runs on. So the thread stops them all and waits for each to end, pipes
 * closed, before it reports and is terminated.
 */
export interface ToolProcesses {
  add(child: ChildProcess): void
  /** Kills the running ones, and from now on any added later, as soon as it is added. */
  stop(): void
  /** Resolves once every child added so far has exited and closed its pipes. */
  ended(): Promise<void>
}

export function toolProcesses(): ToolProcesses {
  const closed: Promise<void>[] = []
  const running = new Set<ChildProcess>()
  let stopped = false
  return {
    add(child) {
      running.add(child)
      closed.push(
        new Promise((resolve) =>
          child.once('close', () => {
            running.delete(child)
            resolve()
          }),
        ),
      )
      if (stopped) child.kill('SIGKILL')
    },
    stop() {
      stopped = true
      // kill() does nothing once Node has reaped the child, so no reused pid is ever hit.
      for (const child of running) child.kill('SIGKILL')
    },
    async ended() {
      await Promise.all(closed)
    },
  }
}
