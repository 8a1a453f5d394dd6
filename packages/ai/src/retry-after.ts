/** The longest wait a provider's answer may ask for that is kept: past it, the queue's own backoff is better. */
export const LONGEST_RETRY_AFTER_MS = 5 * 60_000

/**
 * How long a provider asked to be left alone, from its answer's headers: OpenAI's `retry-after-ms`,
 * else the standard `retry-after` in seconds or as an HTTP date. Undefined when none is given, it
 * cannot be read, or it is over LONGEST_RETRY_AFTER_MS. `now` is for the date form.
 */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined
  const milliseconds = Number(headers.get('retry-after-ms') ?? Number.NaN)
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return kept(milliseconds)
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return kept(Number(value) * 1000)
  // An HTTP date names its day and month; anything else (a negative number) is not one.
  if (!/[a-z]/i.test(value)) return undefined
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : kept(Math.max(0, date - now))
}

function kept(milliseconds: number): number | undefined {
  return milliseconds <= LONGEST_RETRY_AFTER_MS ? Math.round(milliseconds) : undefined
}
