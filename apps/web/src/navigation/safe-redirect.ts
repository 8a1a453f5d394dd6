/**
 * The `?redirect=` value of /login, made safe: only a same-origin relative path is kept
 * ('/generate?id=1'); anything else ('//evil.com', 'https://evil.com', '/\\evil.com',
 * 'javascript:...') falls back to the home page.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback
  const path = value.trim()
  if (!path.startsWith('/') || path.startsWith('//')) return fallback
  // Browsers treat a backslash like a slash ('/\\evil.com' is protocol-relative); control
  // characters can hide one too.
  if (path.includes('\\') || hasControlCharacter(path)) return fallback
  try {
    const base = 'https://promptly.invalid'
    const url = new URL(path, base)
    if (url.origin !== base) return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
