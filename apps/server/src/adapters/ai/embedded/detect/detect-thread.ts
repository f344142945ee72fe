import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import * as tf from '@tensorflow/tfjs-core'
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter'
import '@tensorflow/tfjs-backend-wasm'
import { lowerThreadPriority } from '@storyreel/render/server'
import { DETECTOR_SIDE, type DetectRequest, type DetectReply } from './detector-protocol'

/**
 * The detector's thread: CenterNet (MobileNetV3, COCO's 80 classes) as shipped inside the
 * @vladmandic/human package, run by TensorFlow.js on its WASM backend (tfjs-node downloads a
 * library when installed, which an offline install cannot). The model is read from the package
 * and given to TensorFlow.js from memory: its loader would otherwise fetch the weights by URL.
 */
async function loadModel(): Promise<GraphModel> {
  const require = createRequire(import.meta.url)
  const models = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models')
  const json = JSON.parse(await readFile(path.join(models, 'centernet.json'), 'utf8'))
  const weights = await readFile(path.join(models, 'centernet.bin'))
  const manifest = json.weightsManifest as { weights: tf.io.WeightsManifestEntry[] }[]
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: manifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
    }),
  )
}

async function start() {
  lowerThreadPriority()
  await tf.setBackend('wasm')
  const model = await loadModel()
  const port = parentPort!
  port.on('message', (request: DetectRequest) => {
    let reply: DetectReply
    try {
      // Values 0-255, as the model was trained: scaled to 0-1 it finds nothing.
      const rows = tf.tidy(() => {
        const input = tf.tensor4d(request.rgb, [1, DETECTOR_SIDE, DETECTOR_SIDE, 3], 'float32')
        return model.execute(input, 'tower_0/detections') as tf.Tensor
      })
      const data = rows.dataSync() as Float32Array
      rows.dispose()
      reply = { id: request.id, rows: data }
    } catch (e) {
      reply = { id: request.id, error: e instanceof Error ? e.message : String(e) }
    }
    port.postMessage(reply)
  })
  port.postMessage({ ready: true })
}

start().catch((e: unknown) => {
  parentPort!.postMessage({ failed: e instanceof Error ? e.message : String(e) })
})
