/**
 * The longest search text, in characters (code points): the web app cuts what is typed to it and
 * the server refuses anything longer. Here, free of zod, so the home page's search box can use it.
 */
export const SEARCH_TEXT_MAX = 200
