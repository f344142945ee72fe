import { z } from 'zod'

/** Every JSON answer of the API: `{ data, message }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().nullable() })
}

export interface Envelope<T> {
  data: T
  message: string | null
}

/** A failed zod validation lists the offending fields in data.fields. */
export const ValidationErrorDataSchema = z.object({ fields: z.array(z.string()) })
