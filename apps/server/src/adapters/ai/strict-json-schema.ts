import { z } from 'zod'

type JsonSchema = { [key: string]: unknown }

/**
 * Bounds that strict mode has not always accepted (OpenAI added some late; compatible servers
 * vary). They are written into the description instead, so the model still reads them, and the
 * answer is checked against them by zod afterwards.
 */
const BOUNDS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'multipleOf',
])

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const nullable = (schema: JsonSchema): JsonSchema =>
  Array.isArray(schema.anyOf)
    ? { ...schema, anyOf: [...(schema.anyOf as unknown[]), { type: 'null' }] }
    : { anyOf: [schema, { type: 'null' }] }

function strictNode(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {}
  const bounds: string[] = []
  for (const [key, value] of Object.entries(node)) {
    if (BOUNDS.has(key)) bounds.push(`${key} ${JSON.stringify(value)}`)
    // Strict mode knows anyOf only; a one-value const is a one-value enum.
    else if (key === 'oneOf' || key === 'anyOf') out.anyOf = (value as JsonSchema[]).map(strictNode)
    else if (key === 'const') out.enum = [value]
    else if (key === 'items' && isSchema(value)) out.items = strictNode(value)
    else if (!['default', 'properties', 'required', 'additionalProperties'].includes(key)) {
      out[key] = value
    }
  }
  if (isSchema(node.properties)) {
    // Strict mode wants every property listed as required: an optional one may be null instead.
    const required = new Set((node.required as string[] | undefined) ?? [])
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, schema]) => {
        const strict = strictNode(schema as JsonSchema)
        return [name, required.has(name) ? strict : nullable(strict)]
      }),
    )
    out.required = Object.keys(node.properties)
    out.additionalProperties = false
  }
  if (bounds.length > 0) {
    out.description = [node.description, `(${bounds.join(', ')})`].filter(Boolean).join(' ')
  }
  return out
}

/**
 * The JSON schema of an answer for Structured Outputs' strict mode (response_format json_schema,
 * strict: true), from its zod schema: every object closed (additionalProperties false) with all
 * its properties required, optional ones nullable, oneOf as anyOf, const as enum, no defaults,
 * bounds moved into descriptions. Read the answer with `withoutNulls` before parsing it with the
 * same zod schema.
 */
export function strictJsonSchema(schema: z.ZodType): JsonSchema {
  // strictNode keeps only what strict mode reads: the root's $schema dialect goes too.
  const root: JsonSchema = { ...z.toJSONSchema(schema, { io: 'input' }) }
  delete root.$schema
  return strictNode(root)
}

/** The answer with its null properties left out: null is how strict mode says "absent". */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (!isSchema(value)) return value
  return Object.fromEntries(
    Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, withoutNulls(v)]])),
  )
}
