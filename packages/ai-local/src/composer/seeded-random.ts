/**
 * A small deterministic random source: the same prompt always gets the same answer (tests and
 * users can rely on it), different prompts get different choices.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number
  pick<T>(items: readonly T[]): T
  /** `count` different items (all of them, shuffled, when count >= length). */
  sample<T>(items: readonly T[], count: number): T[]
  chance(probability: number): boolean
  int(min: number, max: number): number
}

export function seededRandom(seed: string): Random {
  const next = mulberry32(fnv1a(seed))
  const random: Random = {
    next,
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)] as (typeof items)[number]
    },
    sample(items, count) {
      const pool = [...items]
      for (let i = pool.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1))
        ;[pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]]
      }
      return pool.slice(0, Math.max(0, count))
    },
    chance: (probability) => next() < probability,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  }
  return random
}

/** mulberry32: numbers in [0, 1) from a 32-bit seed, the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
