/**
 * Search-parameter readers for routes. The router parses `?id=123` as the number 123, so ids
 * are taken as text whatever they look like. Kept free of zod: these run on the entry chunk.
 */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}
