import { Parser } from 'htmlparser2'
import { describe, expect, it } from 'vitest'

import { ALLOWED_TAGS, extractOutputHtml, LINK_REL, safeLinkHref, sanitizeHtml } from './sanitize-html.ts'

/** OWASP XSS filter-evasion cheat sheet style payloads, plus mXSS and parser-differential tricks. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=`javascript:alert(1)`>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2)>click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&colon;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<style>@import "https://evil.example/x.css"; body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<<script>alert(1)//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<p title="x" onmouseover="alert(1)" x="',
  "<span title='\"><img src=x onerror=alert(1)>'>attribute breakout</span>",
  '<a href="https://ok.example" title="&quot; onmouseover=&quot;alert(1)">t</a>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  '<div style="position:fixed;inset:0" onclick=alert(1)>overlay</div>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="https://ok.example" onclick="alert(1)" target="_self" rel="opener">ok</a>',
  '<img srcset="x 1x" onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>cell</td></tr></table>',
]

interface ParsedTag {
  name: string
  attributes: Record<string, string>
}

/** The tags a browser-like parser finds in the output: the structural check behind every payload. */
function tagsIn(html: string): ParsedTag[] {
  const tags: ParsedTag[] = []
  const parser = new Parser({ onopentag: (name, attributes) => tags.push({ name, attributes }) })
  parser.write(html)
  parser.end()
  return tags
}

function expectSafe(output: string): void {
  for (const tag of tagsIn(output)) {
    expect(ALLOWED_TAGS as readonly string[]).toContain(tag.name)
    const names = Object.keys(tag.attributes)
    if (tag.name === 'a') {
      expect(names.sort()).toEqual(expect.arrayContaining(['href', 'rel', 'target']))
      expect(names.every((name) => ['href', 'rel', 'target', 'title'].includes(name))).toBe(true)
      expect(new URL(tag.attributes.href ?? '').protocol).toMatch(/^(https?|mailto):$/)
      expect(tag.attributes.rel).toBe(LINK_REL)
      expect(tag.attributes.target).toBe('_blank')
    } else if (tag.name === 'ol') {
      expect(names.every((name) => name === 'start')).toBe(true)
    } else {
      expect(names).toEqual([])
    }
  }
  // The markup with attribute values blanked (they are double-quoted, with '"' escaped inside):
  // text such as a title reading ' onmouseover=' is harmless, a real attribute is not.
  const markup = output.replace(/="[^"]*"/g, '=""')
  expect(markup).not.toMatch(/<\s*\/?\s*(script|style|iframe|img|svg|math|object|embed|link|meta|base|form|input)\b/i)
  expect(markup).not.toMatch(/<[^>]*\son[a-z]+\s*=/i)
  expect(markup).not.toMatch(/<[^>]*(javascript|vbscript|data):/i)
}

describe('sanitizeHtml against XSS payloads', () => {
  it(`covers at least 25 payloads (has ${XSS_PAYLOADS.length})`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25)
  })

  it.each(XSS_PAYLOADS)('leaves no handler, script, style, remote resource or dangerous URL in %s', (payload) => {
    const output = sanitizeHtml(payload)
    expectSafe(output)
    // Sanitising what was kept changes nothing: the output holds no markup that re-parses differently.
    expect(sanitizeHtml(output)).toBe(output)
  })

  it('also neutralises each payload inside normal formatting', () => {
    for (const payload of XSS_PAYLOADS) {
      const output = sanitizeHtml(`<p><strong>Intro</strong> ${payload} <em>outro</em></p>`)
      expectSafe(output)
      expect(output).toContain('<strong>Intro</strong>')
    }
  })

  it('keeps the text of a stripped tag escaped, so it shows as text and never as markup', () => {
    expect(sanitizeHtml('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>')
    expect(sanitizeHtml('<b>1 < 2 & 3 > 2</b>')).toBe('<b>1 &lt; 2 &amp; 3 &gt; 2</b>')
  })

  it('drops scripts, styles and embedded documents with their content', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b<style>p{}</style>c<iframe>x</iframe>d')).toBe('abcd')
  })
})

describe('sanitizeHtml keeps normal formatting', () => {
  it('keeps every allow-listed formatting tag as written', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h3>s</h3><h4>s</h4><p>A <strong>b</strong> ' +
      '<b>c</b> <em>d</em> <i>e</i> <u>f</u> <span>g</span><br>h</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li>' +
      '</ol><blockquote>q</blockquote><pre><code>x = 1</code></pre><hr>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('keeps http(s) and mailto links, adding rel and a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" title="More">more</a>')).toBe(
      `<a href="https://example.com/a?b=1&amp;c=2" title="More" rel="${LINK_REL}" target="_blank">more</a>`,
    )
    expect(sanitizeHtml('<a href="mailto:hi@example.com">mail</a>')).toContain('href="mailto:hi@example.com"')
    expect(sanitizeHtml('<a href="/relative">rel</a>')).toBe('rel')
  })

  it('closes what the input left open and drops unmatched closing tags', () => {
    expect(sanitizeHtml('<p>open <strong>bold')).toBe('<p>open <strong>bold</strong></p>')
    expect(sanitizeHtml('text</em></li>')).toBe('text')
    expect(sanitizeHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a</li><li>b</li></ul>')
  })

  it('keeps the text of other block elements, apart', () => {
    expect(sanitizeHtml('<div>a</div><div>b</div>')).toMatch(/^\s*a\s+b\s*$/)
    expect(sanitizeHtml('<html><head><title>t</title></head><body><p>hi</p></body></html>')).toBe('<p>hi</p>')
  })
})

describe('safeLinkHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['HTTP://EXAMPLE.com', 'http://example.com/'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
  ])('keeps %s as %s', (href, expected) => {
    expect(safeLinkHref(href)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'ftp://x.y',
    '/x',
    '//evil.example',
    'http://',
    '',
  ])('refuses %j', (href) => {
    expect(safeLinkHref(href)).toBeNull()
  })
})

describe('extractOutputHtml', () => {
  it('returns plain HTML as it is', () => {
    expect(extractOutputHtml('  <p>Hi</p>\n')).toBe('<p>Hi</p>')
  })

  it('unwraps a Markdown code fence', () => {
    expect(extractOutputHtml('Here you go:\n```html\n<p>Hi</p>\n```\nEnjoy')).toBe('<p>Hi</p>')
  })

  it('reads `output` from the legacy JSON answer, fenced or not', () => {
    expect(extractOutputHtml('{"output": "<p>Hi</p>"}')).toBe('<p>Hi</p>')
    expect(extractOutputHtml('```json\n{"output":"<ul><li>a</li></ul>"}\n```')).toBe('<ul><li>a</li></ul>')
  })

  it('leaves text that only looks like JSON alone', () => {
    expect(extractOutputHtml('{not json}')).toBe('{not json}')
    expect(extractOutputHtml('<p>{"output": 1}</p>')).toBe('<p>{"output": 1}</p>')
  })
})
