/**
 * Whether `text` is a UUID as the API's id schemas (zod's `z.uuid()`) accept it: RFC 9562's layout
 * with a version of 1 to 8 and the RFC variant, in either case, or the nil or (lower-case) max
 * UUID. For the browser's checks of an address's ids before it asks for anything (a tool's page, a
 * share link), without loading the validation library; uuid.test.ts holds it to `z.uuid()`.
 */
const HEX = '[0-9a-fA-F]'
const RFC_UUID = `${HEX}{8}-${HEX}{4}-[1-8]${HEX}{3}-[89abAB]${HEX}{3}-${HEX}{12}`
const UUID = new RegExp(`^(${RFC_UUID}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$`)

export function isUuid(text: string): boolean {
  return UUID.test(text)
}
