import { audioApi, isNarrated, spokenText } from '@storyreel/core'
import type { Composition, VoiceId } from '@storyreel/core'
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import { useMemo } from 'react'
import { callApi } from '../../lib/api'
import { useSettledValue } from '../../lib/use-settled-value'
import { useEditor } from './editor-store'
import { narratedComposition, slideTiming, spokenKey } from './narration-timing'
import type { SlideTiming, SpokenLengths } from './narration-timing'

/** Typing pauses this long before its narration is measured: one synthesis per pause. */
const MEASURE_AFTER_MS = 700

interface Measured {
  key: string
  seconds: number
}

/** The lengths measured so far; a stable function, so the record keeps its identity. */
function combine(results: UseQueryResult<Measured>[]): SpokenLengths {
  return Object.fromEntries(results.flatMap((r) => (r.data ? [[r.data.key, r.data.seconds]] : [])))
}

/** Each text a voice reads in the composition, once. */
function narratedTexts(composition: Composition | null, voice: VoiceId | null): string[] {
  if (!composition || voice === null) return []
  const slides = composition.composition.filter((s) => isNarrated(s, voice))
  return [...new Set(slides.map((s) => spokenText(s, voice)))]
}

/** The editor's composition timed as the render will time it (narratedComposition). */
export interface NarratedTiming {
  composition: Composition | null
  /** Each slide's length in the video, in the composition's order. */
  timings: SlideTiming[]
  /** Some narration's length is still an estimate: not measured yet, or measuring failed. */
  estimated: boolean
}

/**
 * The editor's composition with each narrated slide stretched to its true spoken length: the
 * server speaks each text with the synthesis and per-user cache the render uses, and answers its
 * length; this page keeps each (text, voice) answer, so an edit asks only for what changed. A
 * text not measured yet counts with core's estimate. Without a voice nothing is asked.
 */
export function useNarratedComposition(): NarratedTiming {
  const source = useEditor((state) => state.source)
  const settled = useSettledValue(source, MEASURE_AFTER_MS)
  const voice = settled?.movieParams.voice ?? null
  const lengths = useQueries({
    queries: narratedTexts(settled, voice).map((text) => ({
      queryKey: ['narration-length', voice, text],
      queryFn: async (): Promise<Measured> => {
        const { seconds } = await callApi(audioApi.length, { body: { text, voice: voice! } })
        return { key: spokenKey(text, voice!), seconds }
      },
      staleTime: Infinity,
    })),
    combine,
  })
  return useMemo(() => {
    if (!source) return { composition: null, timings: [], estimated: false }
    const timings = source.composition.map((s) => slideTiming(s, source.movieParams.voice, lengths))
    return {
      composition: narratedComposition(source, lengths),
      timings,
      estimated: timings.some((t) => !t.known),
    }
  }, [source, lengths])
}
