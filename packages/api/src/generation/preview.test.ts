import { describe, expect, it } from 'vitest'

import { plainTextPreview } from './preview.ts'

describe('plainTextPreview', () => {
  it("drops tags, separates blocks and decodes the sanitiser's entities", () => {
    expect(
      plainTextPreview(
        '<h2>Title</h2><p>Bread &amp; <strong>butter</strong> &lt;3</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('Title Bread & butter <3 one two')
  })

  it('never decodes twice: an escaped entity stays as the reader saw it', () => {
    expect(plainTextPreview('<p>&amp;lt;b&amp;gt;</p>')).toBe('&lt;b&gt;')
  })

  it('cuts long text at a word with an ellipsis, within the length', () => {
    const preview = plainTextPreview(`<p>${'sourdough loaves '.repeat(30)}</p>`, 160)
    expect(preview.length).toBeLessThanOrEqual(160)
    expect(preview.endsWith('loaves…') || preview.endsWith('sourdough…')).toBe(true)
  })

  it('cuts inside a very long word rather than losing the preview', () => {
    expect(plainTextPreview(`<p>${'x'.repeat(500)}</p>`, 20)).toBe(`${'x'.repeat(19)}…`)
  })

  it('keeps short text whole', () => {
    expect(plainTextPreview('<p>Short.</p>')).toBe('Short.')
  })
})
