import { afterEach, describe, expect, it, vi } from 'vitest'

import { writeClipboard } from './write-clipboard.ts'

describe('writeClipboard', () => {
  // The page's own clipboard may be the navigator's or its prototype's: put back whichever it was.
  const ownClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
  afterEach(() => {
    if (ownClipboard) Object.defineProperty(navigator, 'clipboard', ownClipboard)
    else Reflect.deleteProperty(navigator, 'clipboard')
  })

  it('writes the text and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await expect(writeClipboard('tool-123')).resolves.toBe(true)
    expect(writeText).toHaveBeenCalledWith('tool-123')
  })

  it('answers false when the browser refuses, instead of throwing', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))
    await expect(writeClipboard('tool-123')).resolves.toBe(false)
  })

  it('answers false where there is no clipboard at all (a page not served securely)', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    await expect(writeClipboard('tool-123')).resolves.toBe(false)
  })
})
