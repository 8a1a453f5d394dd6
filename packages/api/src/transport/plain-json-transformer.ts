import type { DataTransformer } from '@trpc/server'
import superjson, { type SuperJSONResult } from 'superjson'

/**
 * superjson, without its tree walk for answers that are plain JSON already.
 *
 * superjson.serialize walks every value to record Dates, Maps, undefined and the like; that walk
 * costs several times JSON.stringify, and on a catalogue list it is most of what a tRPC request
 * costs. A value made only of JSON types (null, booleans, finite
 * numbers, strings, arrays, plain objects, no undefined) serializes to `{ json: value }` with no
 * meta: the exact output superjson itself produces for it, so any superjson client reads it
 * unchanged. Everything else goes through superjson as before. Deserializing is superjson's.
 */
export const plainJsonFirstTransformer: DataTransformer = {
  serialize(value: unknown): SuperJSONResult {
    return isPlainJson(value, 0) ? { json: value as SuperJSONResult['json'] } : superjson.serialize(value)
  },
  deserialize(payload: SuperJSONResult): unknown {
    return superjson.deserialize(payload)
  },
}

/** Deeper than any answer this API gives; past it, superjson (which copes with anything) decides. */
const MAX_DEPTH = 64

/** True when JSON.stringify(value) round-trips to an equal value, so superjson would add no meta. */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null) return true
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    case 'object': {
      if (depth >= MAX_DEPTH) return false
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          // A hole or undefined in an array becomes null in JSON, which superjson would preserve.
          if (!(index in value) || !isPlainJson(value[index], depth + 1)) return false
        }
        return true
      }
      const prototype: unknown = Object.getPrototypeOf(value)
      if (prototype !== Object.prototype && prototype !== null) return false
      for (const key of Object.keys(value)) {
        if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false
      }
      return true
    }
    default:
      // undefined, bigint, symbol, function
      return false
  }
}
