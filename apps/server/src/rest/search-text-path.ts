/**
 * The legacy search call carries its text in the path, and scripts often put it there without
 * URL-encoding it: `searchObjects/100%`, `searchObjects/50%%20off`. The router decodes the whole
 * path before matching and refuses such a URL, so this runs before routing (Fastify's rewriteUrl)
 * and makes every `%` of the search text that does not start a decodable escape a literal `%`
 * (`%25`): the text is then searched for as written. Decodable escapes are left for the router, and
 * every other URL is returned unchanged.
 */
const SEARCH_PATH = /^\/api\/v[12]\/objects\/searchObjects\//

export function escapeStrayPercentsInSearchPath(url: string): string {
  const prefix = SEARCH_PATH.exec(url)?.[0]
  if (prefix === undefined || !url.includes('%')) return url
  const queryStart = url.indexOf('?')
  const pathEnd = queryStart === -1 ? url.length : queryStart
  return prefix + escapeStrayPercents(url.slice(prefix.length, pathEnd)) + url.slice(pathEnd)
}

/** Keeps each `%XX` run that decodes to a character and turns every other `%` into `%25`. */
export function escapeStrayPercents(text: string): string {
  let escaped = ''
  let copiedUpTo = 0
  let index = text.indexOf('%')
  while (index !== -1) {
    const escape = decodableEscapeAt(text, index)
    escaped += text.slice(copiedUpTo, index) + (escape || '%25')
    copiedUpTo = index + (escape ? escape.length : 1)
    index = text.indexOf('%', copiedUpTo)
  }
  return escaped + text.slice(copiedUpTo)
}

/** UTF-8 spends 1 to 4 bytes on a character, so as many `%XX` escapes make one. */
const MAX_ESCAPES_PER_CHARACTER = 4
const ESCAPES = /^(?:%[0-9a-f]{2})+$/i

/** The `%XX` escapes at `start` that decode to one character (`%C3%A9` for é), or '' when none do. */
function decodableEscapeAt(text: string, start: number): string {
  for (let count = 1; count <= MAX_ESCAPES_PER_CHARACTER; count++) {
    const candidate = text.slice(start, start + 3 * count)
    if (candidate.length !== 3 * count || !ESCAPES.test(candidate)) return ''
    try {
      decodeURIComponent(candidate)
      return candidate
    } catch {
      // The first bytes of a longer character, or bytes that are no character: try one more.
    }
  }
  return ''
}
