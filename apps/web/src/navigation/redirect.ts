/**
 * The path and query string of the current page, as /login?redirect= expects (read back by
 * safe-redirect.ts). Kept apart from that check: the sign-in guard, in the entry chunk, needs only this.
 */
export function currentPathWithQuery(location: { pathname: string; searchStr: string }): string {
  return `${location.pathname}${location.searchStr}`
}
