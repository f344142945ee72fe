export { drawFrame } from './draw-frame'
export { effectParams } from './media-view'
export { captionLayout, captionPlacement, estimatedCaptions, hiddenByCaptions } from './captions'
export { cameraCrop, type Crop } from './camera'
export { backdropSize } from './backdrop'
export { EFFECT_MODULES } from './effects'
export { layoutText, type Line } from './text-layout'
export { FPS, frameInfo, slideFrameCounts, slideSpans, unitScale } from './frame'
export { momentAt, momentScene, shotsOf, type Moment, type Shot } from './moment'
export { clamp01, easeInOut, lerp, progress, smoothstep } from './easing'
export { hashString, seededRandom, turbulence3, valueNoise3 } from './random'
export type {
  Backdrop,
  Ctx,
  EffectModule,
  Layer,
  MakeLayer,
  FrameInfo,
  Media,
  PreviewScale,
  Scene,
  SceneCaptions,
  SceneTransition,
  Stage,
  ZoomRange,
} from './types'
export { MIN_DRAW_SCALE, preScaledSize, zoomRange } from './media-size'
export { PAN_ZOOM } from './effects/pan'
export { pixelPassJs, useDistortPass } from './effects/distort'
