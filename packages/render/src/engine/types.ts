import type {
  Captions,
  DrawnTransitionType,
  EffectName,
  EffectParams,
  Framing,
  Rect,
  Slide,
  WordTiming,
} from '@storyreel/core'

/** The standard 2D context: an HTML canvas in the browser, @napi-rs/canvas (Skia) in Node. */
export type Ctx = CanvasRenderingContext2D

/** A canvas of the engine's own, beside the frame: drawn on, then drawn into the frame. */
export interface Layer {
  source: CanvasImageSource
  ctx: Ctx
}

/** Makes a layer of this pixel size (the engine cannot make canvases: DOM or Skia). */
export type MakeLayer = (width: number, height: number) => Layer

/** A drawable picture of the slide's media (image, canvas or video frame) and its pixel size. */
export interface Media {
  source: CanvasImageSource
  width: number
  height: number
  /** Where a fitted frame paints the blurred copy around the picture; without it, black. */
  backdrop?: Backdrop
  /**
   * Layers for drawing the picture apart (a large blur, on a small copy); without it such
   * drawing happens on the frame itself, the same picture at a higher cost.
   */
  makeLayer?: MakeLayer
}

/**
 * A small canvas of backdropSize(frame) for the blurred, darkened copy of the media behind a
 * fitted picture. The loader makes it (the engine cannot make canvases); drawFrame paints it
 * the first time a fitted frame shows it, then only scales it up: the blur is paid once per
 * slide, at a few thousand pixels.
 */
export interface Backdrop extends Layer {
  width: number
  height: number
  /** The media's picture changes from frame to frame (a clip): painted again for each frame. */
  live: boolean
}

/** Everything drawFrame needs for one slide; the media is loaded beforehand (an explicit step). */
export interface Scene {
  width: number
  height: number
  slide: Slide
  media: Media | null
  /** Word-by-word captions of the slide's narration; absent or disabled: none drawn. */
  captions?: SceneCaptions
  /** This slide turning into the next (momentAt): both are drawn, each at its own time. */
  transition?: SceneTransition
}

/** A transition as drawFrame draws it: how far along, and the slide coming in. */
export interface SceneTransition {
  type: DrawnTransitionType
  /** 0..1 */
  progress: number
  /** The slide coming in, of the same size (its own transition is not drawn). */
  to: Scene
  /** Seconds from its start. */
  t: number
  /** Frame-sized canvases, to draw a slide apart before it is blended or moved. */
  makeLayer: MakeLayer
}

/** The captions' look and the slide's spoken words, in seconds from the slide's start. */
export interface SceneCaptions {
  style: Captions
  words: WordTiming[]
}

/** What an effect's state may depend on besides time and params. */
export interface FrameInfo {
  width: number
  height: number
  /** Slide duration, seconds. */
  duration: number
  /** Pixel size of the media as drawn (it may be pre-scaled); 0 when there is none. */
  mediaWidth: number
  mediaHeight: number
  /** How the media meets the frame at zoom 1: filling it, or whole inside it. */
  framing: Framing
  /** From the slide id, so seeded effects look the same in preview and render. */
  seed: number
}

/**
 * When an effect draws, in drawFrame's order: `filter` changes how the media is drawn, `camera`
 * draws the media, `pixels` rewrites the drawn pixels, `shade` and `overlay` paint over them,
 * `final` covers everything (fades).
 */
export type Stage = 'filter' | 'camera' | 'pixels' | 'shade' | 'overlay' | 'final'

/** The smallest and largest zoom of a camera, 1 = the media covers (or fits) the frame. */
export interface ZoomRange {
  min: number
  max: number
}

/** Preview pixels per movie pixel, across and down: 1 draws the preview at the movie's size. */
export interface PreviewScale {
  scaleX: number
  scaleY: number
}

/**
 * What the frame needs from an effect besides drawing it, declared by the effect so that
 * drawFrame, the media loaders, the preview and the encoder never ask which effect they hold.
 */
export interface EffectModule<N extends EffectName, S> {
  name: N
  stage: Stage
  state(t: number, params: EffectParams<N>, frame: FrameInfo): S
  /** Absent for an effect that only changes how drawFrame draws the media (blur). */
  draw?(ctx: Ctx, state: S, frame: FrameInfo, media: Media | null): void
  /** A camera's zoom over the slide: media are pre-scaled once to what it needs. */
  zoomRange?(params: EffectParams<N>): ZoomRange
  /** A Gaussian blur of the media: its standard deviation in frame pixels, 0 = sharp. */
  blur?(state: S): number
  /**
   * Where it paints words on the frame in this state (frame pixels), which the narration's
   * captions on Auto keep clear of; null while it shows nothing. Absent for effects without text.
   */
  textRect?(ctx: Ctx, state: S, frame: FrameInfo): Rect | null
  /**
   * Its params as the preview draws them on a frame `scale` of the movie's size, to look like
   * the video seen at that size: params given in movie pixels (a text box), or whose look hangs
   * on the pixel count (grain). The same object when nothing changes, so that the preview's
   * slide stays the same object and its text layouts cached. Absent: its params are given at
   * 1080 or in percent and follow the frame already.
   */
  previewParams?(params: EffectParams<N>, scale: PreviewScale): EffectParams<N>
  /**
   * Whether it draws film grain with these params: a video mostly under grain is coded with
   * x264's grain settings (codesGrain).
   */
  drawsGrain?(params: EffectParams<N>): boolean
}

/** Draws one slide, whole, over a frame-sized context: the frame's, or a layer's. */
export type PaintSlide = (ctx: Ctx) => void

/**
 * How a transition type draws a frame from the two slides, declared by the type's own module
 * (engine/transitions) so that drawFrame never asks which type it holds.
 */
export interface TransitionModule<T extends DrawnTransitionType, S> {
  type: T
  /** How it looks `progress` (0..1) of the way through: pure, a plain object. */
  state(progress: number): S
  /**
   * Draws the frame: `paint` draws the slide going out (`from`) or coming in (`to`) over a
   * context, `layer` gives a frame-sized canvas of the engine's own for each, kept between frames.
   * Painted onto a layer that already shows that slide at that time, a slide is not drawn again,
   * so a module draws nothing onto a layer but its slide.
   */
  draw(
    ctx: Ctx,
    state: S,
    frame: { width: number; height: number },
    paint: { from: PaintSlide; to: PaintSlide },
    layer: (use: 'from' | 'to') => Layer,
  ): void
}
