/**
 * A value made on first use and kept: for what is costly to build and the same for every caller
 * (a dictionary, a hash to compare against), so a module can offer it without a mutable variable of
 * its own. A promise is kept as it is, rejection included, as `??=` on a variable would keep it.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}
