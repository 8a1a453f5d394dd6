import type { ByteRange } from '@promptly/api/storage/media-storage'

/**
 * The one byte range a `Range` header asks for, checked against the size: null to send the whole
 * file (no header, or a form not worth supporting: several ranges, another unit), 'unsatisfiable'
 * for a range wholly past the end (416). Enough for audio players, which seek with single ranges.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return null
  if (from === '') {
    // The last N bytes.
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable'
  if (end < start) return null
  return { start, end }
}
