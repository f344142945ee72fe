import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { toolProcesses } from './tool-processes'

const sleeper = () => spawn('sleep', ['30'], { stdio: ['pipe', 'pipe', 'pipe'] })

describe('toolProcesses', () => {
  it('stop kills the running children, and ended waits until each has closed', async () => {
    const tools = toolProcesses()
    const children = [sleeper(), sleeper()]
    for (const child of children) tools.add(child)
    tools.stop()
    await tools.ended()
    for (const child of children) {
      expect(child.signalCode).toBe('SIGKILL')
      expect(child.stdout!.destroyed).toBe(true)
    }
  })

  it('kills a child added after stop at once', async () => {
    const tools = toolProcesses()
    tools.stop()
    const late = sleeper()
    tools.add(late)
    await tools.ended()
    expect(late.signalCode).toBe('SIGKILL')
  })

  it('waits for children that end by themselves, and for ones that never started', async () => {
    const tools = toolProcesses()
    const quick = spawn('true')
    const missing = spawn('/nonexistent/ffmpeg')
    missing.on('error', () => {})
    tools.add(quick)
    tools.add(missing)
    await tools.ended()
    expect(quick.exitCode).toBe(0)
  })
})
