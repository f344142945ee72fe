import path from 'node:path'
import { expect, it } from 'vitest'
import { rangeWorkDir, workDir, workOf } from './liveness'

const taskId = '0b7e3c1a-5d2f-4a8e-9c61-2f4d8b1e7a90'
const runId = '9f1c2e3d-4b5a-4c6d-8e7f-0a1b2c3d4e5f'

it('reads whose work a folder holds from the name its run gave it', () => {
  expect(workOf(path.basename(workDir('/data', taskId, runId)))).toEqual({
    range: false,
    taskId,
    runId,
  })
  expect(workOf(path.basename(rangeWorkDir('/data', taskId)))).toMatchObject({
    range: true,
    taskId,
  })
  expect(workOf('upload-123')).toBeNull()
  expect(workOf(`render-${taskId}`)).toBeNull()
})
