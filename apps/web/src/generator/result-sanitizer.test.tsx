import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { loadSanitizer, useSanitizer } from './result-sanitizer.ts'

describe('the result sanitiser, fetched when needed', () => {
  it("is core's sanitiser once in, and the hook re-renders with it", async () => {
    const { result } = renderHook(() => useSanitizer(true))
    await waitFor(() => expect(result.current).toBe(sanitizeHtml))
    expect(await loadSanitizer()).toBe(sanitizeHtml)
    expect(result.current?.('<p onclick="x()">Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>')
  })
})
