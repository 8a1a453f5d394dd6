import { createHash } from 'node:crypto'

/**
 * A rendered page kept for other visitors cannot carry the nonce of the response it was rendered
 * for: a nonce is per response, and putting a fresh one in on the way out meant rewriting (and
 * compressing) the whole page on every request. Kept pages drop the nonce instead, and their CSP
 * allows each of their inline scripts by its hash: the same scripts as before, no other, so the
 * page's bytes are the same for everyone and are compressed once.
 */
export interface PageWithoutNonce {
  html: string
  /** CSP sources (`'sha256-…'`) for the inline scripts that carried the nonce, in page order. */
  scriptHashes: string[]
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g

/**
 * Removes `nonce` from the page's scripts and hashes the inline ones that carried it. A script
 * without it (which the page's CSP blocked) gets no hash: it stays blocked. The hash is over the
 * script's text as the browser reads it (a script's content is raw text, no entity is decoded).
 */
export function withoutNonce(html: string, nonce: string): PageWithoutNonce {
  const attribute = ` nonce="${nonce}"`
  const scriptHashes: string[] = []
  const stripped = html.replace(SCRIPT, (element, attributes: string, content: string) => {
    if (!attributes.includes(attribute)) return element
    const rest = attributes.replace(attribute, '')
    if (!/\bsrc=/.test(rest)) scriptHashes.push(`'sha256-${createHash('sha256').update(content).digest('base64')}'`)
    return `<script${rest}>${content}</script>`
  })
  return { html: stripped, scriptHashes }
}

/**
 * The response's CSP with its nonce source replaced by a kept page's script hashes. Throws when
 * the policy has no such nonce: the page's scripts would then all be refused.
 */
export function policyWithScriptHashes(policy: string, nonce: string, scriptHashes: readonly string[]): string {
  const source = `'nonce-${nonce}'`
  if (!policy.includes(source)) throw new Error('The Content-Security-Policy holds no nonce for this response')
  return policy.replace(source, scriptHashes.join(' '))
}
