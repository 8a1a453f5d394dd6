/** Catalogue constants (spec section 9), in one place for the home page, the catalogue and the profile. */

/** The `?mytools` parameter leaves the address this long after the page loads. */
export const MY_TOOLS_PARAM_TTL_MS = 5000

/** Under this width the catalogue is an accordion instead of a tab row. */
export const MOBILE_MAX_WIDTH_QUERY = '(max-width: 767.98px)'

/** How long search results, bookmarks and the category names stay fresh: going back within it costs no request. */
export const CATALOGUE_STALE_MS = 60_000

/** The profile shows this many bookmarks, with View All for the rest. */
export const PROFILE_BOOKMARK_COUNT = 4

/** Bookmark names on the profile are cut to this many characters, plus an ellipsis. */
export const BOOKMARK_NAME_MAX_CHARS = 28
