import fc from 'fast-check'
import type { z } from 'zod'

import { hostileJson, hostileNumber, hostileString } from './hostile-values.ts'

type Def = { type: string } & Record<string, unknown>

function isSchema(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value
}

function defOf(schema: z.core.$ZodType): Def {
  return schema._zod.def as unknown as Def
}

/**
 * Inputs near a zod schema's shape (its keys, its enums, the right kinds of leaves) but with
 * hostile values, so a tRPC input reaches past the first check; now and then anything at all.
 */
export function schemaArbitrary(schema: unknown, known: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const anything = hostileJson(known)
  if (!isSchema(schema) || depth > 6) return anything
  return fc.oneof({ weight: 6, arbitrary: shaped(defOf(schema), known, depth) }, { weight: 1, arbitrary: anything })
}

function shaped(def: Def, known: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const inner = (schema: unknown) => schemaArbitrary(schema, known, depth + 1)
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>
      const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)]))
      return fc.record(fields, { requiredKeys: [] })
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 12 })
    case 'string':
      return hostileString(known)
    case 'number':
    case 'int':
      return hostileNumber
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileString())
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, string>)), hostileString())
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof(inner(def.innerType), fc.constantFrom(undefined, null))
    case 'pipe':
      return inner(def.in)
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner))
    case 'lazy':
      return inner((def.getter as () => unknown)())
    default:
      return hostileJson(known)
  }
}
