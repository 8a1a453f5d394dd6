import { describe, expect, it } from 'vitest'

import { sanitizeHtml } from '../generation/sanitize-html.ts'
import { htmlToPlainText } from './html-to-plain-text.ts'

describe('htmlToPlainText', () => {
  it('sets paragraphs, headings and lists apart and prefixes list items', () => {
    const html =
      '<h2>Five bios</h2><p>Pick the one you like.</p>' +
      '<ul><li>Sourdough daily</li><li><strong>Fresh</strong> bakes</li></ul><ol><li>First</li></ol><p>Enjoy!</p>'
    expect(htmlToPlainText(html)).toBe(
      'Five bios\n\nPick the one you like.\n\n- Sourdough daily\n- Fresh bakes\n\n- First\n\nEnjoy!',
    )
  })

  it('puts each line break and each block on a line of its own', () => {
    expect(htmlToPlainText('<p>one<br>two<br/>three</p><blockquote>quoted</blockquote><pre>code</pre>')).toBe(
      'one\ntwo\nthree\n\nquoted\n\ncode',
    )
    expect(htmlToPlainText('<h1>a</h1><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6>')).toBe('a\n\nb\n\nc\n\nd\n\ne')
    expect(htmlToPlainText('<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>')).toBe('a b\nc')
  })

  it('decodes entities, named and numeric', () => {
    expect(
      htmlToPlainText('<p>Fish &amp; chips &lt;3 &gt; &quot;tea&quot; &#39;n&#39; &#8364;5 &#x1F600; &eacute;</p>'),
    ).toBe('Fish & chips <3 > "tea" \'n\' €5 😀 é')
  })

  it('removes tags and keeps the words of inline ones together', () => {
    expect(
      htmlToPlainText('<p>See <a href="https://example.com" rel="noopener">our <em>site</em></a>, <code>x</code>.</p>'),
    ).toBe('See our site, x.')
    expect(htmlToPlainText('plain text, no tags')).toBe('plain text, no tags')
  })

  it('collapses whitespace outside <pre> and keeps it inside', () => {
    expect(htmlToPlainText('<p>\n   Hello\n   <b>big</b>\n   world  </p>\n\n<p>  next</p>')).toBe(
      'Hello big world\n\nnext',
    )
    expect(htmlToPlainText('<pre>  indented\n    more</pre>')).toBe('indented\n    more')
  })

  it('collapses runs of blank lines and trims', () => {
    expect(htmlToPlainText('<p></p><p>a</p><br><br><br><br><p>b</p><hr><p></p>  ')).toBe('a\n\nb')
    expect(htmlToPlainText('')).toBe('')
  })

  it('indents nested lists and keeps a paragraph inside an item on the marker line', () => {
    expect(htmlToPlainText('<ul><li>One<ul><li>Sub</li></ul></li><li><p>Two</p></li></ul>')).toBe(
      '- One\n  - Sub\n- Two',
    )
  })

  it('reads what the sanitiser stores from a model answer', () => {
    const stored = sanitizeHtml(
      '<div><h2>Bios</h2><script>alert(1)</script><ul>\n  <li>Bread &amp; butter</li>\n  <li>Cake</li>\n</ul></div>',
    )
    expect(htmlToPlainText(stored)).toBe('Bios\n\n- Bread & butter\n- Cake')
  })
})
