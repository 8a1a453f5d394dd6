/**
 * The two seeded tools the footer links to by id. Tool ids are derived from slugs at seed time
 * (packages/db seed/tool-id-for-slug.ts), so these stay equal on every machine and database;
 * the seed's tests check they still agree. Only the constants live here: the browser needs nothing else.
 */

/** id of the seeded `x-twitter-bio-generator` tool. */
export const X_TWITTER_BIO_TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'
/** id of the seeded `instagram-bio-generator` tool. */
export const INSTAGRAM_BIO_TOOL_ID = 'f917c332-ea67-8753-b089-b66524d18ccf'
