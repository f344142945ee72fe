import { z } from 'zod'
import { DEFAULT_SLIDER, defineEffect, numberIn, type SliderRange } from './descriptor'

const defaults = {
  takeRedFrom: 1,
  takeGreenFrom: 2,
  takeBlueFrom: 3,
  turbulentDisplaceAmount: 25,
  turbulentDisplaceSize: 120,
  turbulentDisplaceEvolution: 900,
  noiseAmount: 15,
}

/** 1 red, 2 green, 3 blue. */
const CHANNEL: SliderRange = { min: 1, max: 3, step: 1 }
const ChannelSchema = numberIn(CHANNEL).int()

/** Swirl size in pixels at 1080; the presets use 60 to 160. */
const DISPLACE_SIZE: SliderRange = { min: 1, max: 300, step: 1 }
/** Degrees the turbulence evolves over the slide; the presets turn up to six times (2160). */
const DISPLACE_EVOLUTION: SliderRange = { min: 0, max: 3600, step: 10 }

export const DistortParamsSchema = z.object({
  takeRedFrom: ChannelSchema.default(defaults.takeRedFrom),
  takeGreenFrom: ChannelSchema.default(defaults.takeGreenFrom),
  takeBlueFrom: ChannelSchema.default(defaults.takeBlueFrom),
  turbulentDisplaceAmount: numberIn(DEFAULT_SLIDER).default(defaults.turbulentDisplaceAmount),
  turbulentDisplaceSize: numberIn(DISPLACE_SIZE).default(defaults.turbulentDisplaceSize),
  turbulentDisplaceEvolution: numberIn(DISPLACE_EVOLUTION).default(
    defaults.turbulentDisplaceEvolution,
  ),
  noiseAmount: numberIn(DEFAULT_SLIDER).default(defaults.noiseAmount),
})
export type DistortParams = z.infer<typeof DistortParamsSchema>

export const distortEffect = defineEffect({
  name: 'distort',
  label: 'Distort',
  icon: 'waves',
  params: DistortParamsSchema,
  defaults,
  // The spec names these presets without values; they grow from barely visible to glitch art.
  presets: [
    { name: 'Default', params: { ...defaults } },
    {
      name: 'Subtle',
      params: {
        takeRedFrom: 1,
        takeGreenFrom: 2,
        takeBlueFrom: 3,
        turbulentDisplaceAmount: 8,
        turbulentDisplaceSize: 160,
        turbulentDisplaceEvolution: 360,
        noiseAmount: 5,
      },
    },
    {
      name: 'Intense',
      params: {
        takeRedFrom: 2,
        takeGreenFrom: 1,
        takeBlueFrom: 3,
        turbulentDisplaceAmount: 50,
        turbulentDisplaceSize: 90,
        turbulentDisplaceEvolution: 1440,
        noiseAmount: 30,
      },
    },
    {
      name: 'Extreme',
      params: {
        takeRedFrom: 3,
        takeGreenFrom: 1,
        takeBlueFrom: 2,
        turbulentDisplaceAmount: 100,
        turbulentDisplaceSize: 60,
        turbulentDisplaceEvolution: 2160,
        noiseAmount: 50,
      },
    },
  ],
  sliders: {
    takeRedFrom: CHANNEL,
    takeGreenFrom: CHANNEL,
    takeBlueFrom: CHANNEL,
    turbulentDisplaceSize: DISPLACE_SIZE,
    turbulentDisplaceEvolution: DISPLACE_EVOLUTION,
  },
  renderCost: { weight: 2, costliest: { turbulentDisplaceAmount: 100, noiseAmount: 100 } },
  heaviest: {
    turbulentDisplaceAmount: 100,
    turbulentDisplaceSize: 120,
    turbulentDisplaceEvolution: 1800,
    noiseAmount: 100,
  },
})
