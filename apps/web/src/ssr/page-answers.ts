import type { DehydratedState } from '@tanstack/react-query'

/**
 * The query answers a server-rendered page carries, stamped as received now. The server's stamp
 * says when the page was rendered, and a signed-out page is served from the page cache for up to a
 * minute, longer than an answer stays fresh; the browser's clock may also differ from the server's.
 * Kept as stamped, a page served from the cache would ask again at once for the very lists it
 * shows. The data is as fresh as the page that brought it.
 */
export function receivedNow(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'success' ? { ...query, state: { ...query.state, dataUpdatedAt: now } } : query,
    ),
  }
}
