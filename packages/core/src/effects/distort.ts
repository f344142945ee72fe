import { z } from 'zod'
import type { Preset } from './preset'

export const DISTORT_DEFAULTS = {
  takeRedFrom: 1,
  takeGreenFrom: 2,
  takeBlueFrom: 3,
  turbulentDisplaceAmount: 25,
  turbulentDisplaceSize: 120,
  turbulentDisplaceEvolution: 900,
  noiseAmount: 15,
}

/** 1 red, 2 green, 3 blue. */
const ChannelSchema = z.number().int().min(1).max(3)

export const DistortParamsSchema = z.object({
  takeRedFrom: ChannelSchema.default(DISTORT_DEFAULTS.takeRedFrom),
  takeGreenFrom: ChannelSchema.default(DISTORT_DEFAULTS.takeGreenFrom),
  takeBlueFrom: ChannelSchema.default(DISTORT_DEFAULTS.takeBlueFrom),
  turbulentDisplaceAmount: z.number().min(0).default(DISTORT_DEFAULTS.turbulentDisplaceAmount),
  turbulentDisplaceSize: z.number().min(1).default(DISTORT_DEFAULTS.turbulentDisplaceSize),
  turbulentDisplaceEvolution: z.number().default(DISTORT_DEFAULTS.turbulentDisplaceEvolution),
  noiseAmount: z.number().min(0).max(100).default(DISTORT_DEFAULTS.noiseAmount),
})
export type DistortParams = z.infer<typeof DistortParamsSchema>

/** The spec names these presets without values; these grow from barely visible to glitch art. */
export const DISTORT_PRESETS: Preset<DistortParams>[] = [
  { name: 'Default', params: { ...DISTORT_DEFAULTS } },
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
]
