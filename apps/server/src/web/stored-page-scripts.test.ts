import { describe, expect, it } from 'vitest'

import { policyWithScriptHashes, withoutNonce } from './stored-page-scripts.ts'

const NONCE = 'c2VjcmV0LW5vbmNl'

describe('withoutNonce', () => {
  it('drops the nonce and hashes each inline script that carried it (SHA-256 as `openssl dgst` gives it)', () => {
    const html =
      `<html><head><script nonce="${NONCE}">window.$_TSR = {}</script></head>` +
      `<body><div>text</div><script nonce="${NONCE}" data-tsr-stream-part="">` +
      `document.documentElement.dataset.ready = 'yes'</script></body></html>`
    const page = withoutNonce(html, NONCE)
    expect(page.html).toBe(
      '<html><head><script>window.$_TSR = {}</script></head><body><div>text</div>' +
        `<script data-tsr-stream-part="">document.documentElement.dataset.ready = 'yes'</script></body></html>`,
    )
    expect(page.scriptHashes).toEqual([
      "'sha256-olScE2/66MHiWyU+puyGZSkzfoRQsiJJdQcSS1SgMhI='",
      "'sha256-CBQSZ4bhpEjV2ArVT9EIg6Vl2UAwlslXf0IK52GDJV4='",
    ])
  })

  it('gives no hash to a script without the nonce: what the policy refused stays refused', () => {
    const html = `<p><script>alert(1)</script><script nonce="another">alert(2)</script></p>`
    expect(withoutNonce(html, NONCE)).toEqual({ html, scriptHashes: [] })
  })

  it('needs no hash for a script file: its own origin allows it', () => {
    const page = withoutNonce(`<script nonce="${NONCE}" type="module" src="/assets/index.js"></script>`, NONCE)
    expect(page).toEqual({ html: '<script type="module" src="/assets/index.js"></script>', scriptHashes: [] })
  })

  it('hashes a script with its whitespace and characters as sent', () => {
    const one = withoutNonce(`<script nonce="${NONCE}">window.$_TSR = {}</script>`, NONCE)
    const other = withoutNonce(`<script nonce="${NONCE}">window.$_TSR = {} </script>`, NONCE)
    expect(one.scriptHashes).not.toEqual(other.scriptHashes)
  })
})

describe('policyWithScriptHashes', () => {
  const policy = `default-src 'self';script-src 'self' 'nonce-${NONCE}';style-src 'self' 'unsafe-inline'`

  it("puts the page's hashes where the response's nonce was, and keeps the rest", () => {
    expect(policyWithScriptHashes(policy, NONCE, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';style-src 'self' 'unsafe-inline'",
    )
  })

  it('allows no inline script for a page that has none', () => {
    expect(policyWithScriptHashes(policy, NONCE, [])).toBe(
      "default-src 'self';script-src 'self' ;style-src 'self' 'unsafe-inline'",
    )
  })

  it('refuses a policy without the nonce rather than send one that blocks the page', () => {
    expect(() => policyWithScriptHashes("script-src 'self'", NONCE, ["'sha256-a'"])).toThrow(/no nonce/)
  })
})
