import { describe, expect, it } from 'vitest'

import { avatarColour, avatarUrl, escapeXml, initialsOf, renderAvatarSvg } from './avatar.ts'

describe('generated avatars', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL')
    expect(initialsOf('  ada  king  lovelace ')).toBe('AL')
    expect(initialsOf('Plato')).toBe('P')
    expect(initialsOf('Élodie Ørsted')).toBe('ÉØ')
    expect(initialsOf('')).toBe('?')
  })

  it('keeps a multi-code-point character whole', () => {
    expect(initialsOf('👩‍💻 Coder')).toBe('👩‍💻C')
  })

  it('gives each id its own stable colour', () => {
    expect(avatarColour('local_a')).toBe(avatarColour('local_a'))
    expect(avatarColour('local_a')).toMatch(/^hsl\(\d{1,3} 55% 42%\)$/)
  })

  it('escapes every XML-special character', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;')
  })

  it('draws the initials as text, escaped, with no script and no outside host', () => {
    const svg = renderAvatarSvg('local_1', '<script>alert(1)</script> &co')
    expect(svg).toContain('>&lt;&amp;</text>')
    expect(svg).not.toContain('<script')
    expect(svg.match(/https?:\/\/[^"]+/g)).toEqual(['http://www.w3.org/2000/svg'])
  })

  it('points at this server, with the id URL-encoded', () => {
    expect(avatarUrl('user_2abc')).toBe('/api/auth/avatar/user_2abc.svg')
    expect(avatarUrl('a/b')).toBe('/api/auth/avatar/a%2Fb.svg')
  })
})
