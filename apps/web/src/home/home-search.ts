/** The home page's search parameters. */
export interface HomeSearch {
  /** Present (any value): the catalogue opens on My Tools; removed from the address after 5 s. */
  mytools?: true
}

/** Reads `?mytools` (any value, even empty) and keeps every other parameter the address carries. */
export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  const { mytools, ...rest } = search
  return mytools !== undefined && mytools !== null ? { ...rest, mytools: true } : rest
}
