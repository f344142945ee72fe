import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { strictJsonSchema, withoutNulls } from './strict-json-schema'

/** Every object node of a JSON schema, wherever it is nested. */
function objectNodes(node: unknown): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap(objectNodes)
  if (typeof node !== 'object' || node === null) return []
  const children = Object.values(node).flatMap(objectNodes)
  return 'properties' in node ? [node as Record<string, unknown>, ...children] : children
}

describe('strictJsonSchema', () => {
  const Shape = z.object({
    name: z.literal('zoom'),
    zoomStart: z.number().min(0).max(250).default(100),
    label: z.string().max(20).optional(),
    box: z.object({ width: z.number() }).optional(),
    tags: z.array(z.enum(['a', 'b'])).max(3),
    kind: z.discriminatedUnion('type', [
      z.object({ type: z.literal('x'), value: z.number() }),
      z.object({ type: z.literal('y') }),
    ]),
  })

  it('closes every object and requires all its properties, optional ones nullable', () => {
    const schema = strictJsonSchema(Shape)
    const objects = objectNodes(schema)
    expect(objects.length).toBeGreaterThanOrEqual(4)
    for (const node of objects) {
      expect(node.additionalProperties).toBe(false)
      expect(node.required).toEqual(Object.keys(node.properties as object))
    }
    const properties = schema.properties as Record<string, Record<string, unknown>>
    expect(properties.label).toEqual({
      anyOf: [{ type: 'string', description: '(maxLength 20)' }, { type: 'null' }],
    })
    // A default makes the input optional: the model may answer null and get the default.
    expect(properties.zoomStart!.anyOf).toContainEqual({ type: 'null' })
  })

  it('keeps bounds and defaults out of the schema, bounds in the description', () => {
    const text = JSON.stringify(strictJsonSchema(Shape))
    expect(text).not.toMatch(/"(minimum|maximum|maxLength|maxItems|default|\$schema|oneOf|const)"/)
    expect(text).toContain('(minimum 0, maximum 250)')
    expect(text).toContain('"enum":["zoom"]')
  })

  it('turns a discriminated union into anyOf', () => {
    const kind = (strictJsonSchema(Shape).properties as Record<string, { anyOf?: unknown[] }>).kind
    expect(kind!.anyOf).toHaveLength(2)
  })

  it('round-trips: an answer with nulls parses with the zod schema once nulls are left out', () => {
    const answer = {
      name: 'zoom',
      zoomStart: null,
      label: null,
      box: { width: 3 },
      tags: ['a'],
      kind: { type: 'y' },
    }
    expect(Shape.parse(withoutNulls(answer))).toEqual({
      name: 'zoom',
      zoomStart: 100,
      box: { width: 3 },
      tags: ['a'],
      kind: { type: 'y' },
    })
  })
})

describe('withoutNulls', () => {
  it('leaves out null properties at any depth and keeps everything else', () => {
    expect(withoutNulls({ a: null, b: [{ c: null, d: 0 }, null], e: '' })).toEqual({
      b: [{ d: 0 }, null],
      e: '',
    })
    expect(withoutNulls(null)).toBeNull()
  })
})
