/**
 * Which text may reach the database, without the zod check that applies it (control-characters.ts):
 * the browser reads these while a page loads, before the validation library is fetched.
 */

/**
 * The one rule about control characters for every input that reaches SQL (ids, clerkIds, categories,
 * names, tool fields, prompts). PostgreSQL refuses NUL in text and in jsonb, so one that got through
 * became a database error (a 500); the other C0 controls and DEL belong in no id or name either.
 * Free text (a prompt, a description) may hold tabs and line breaks, nothing else.
 */
export interface ControlCharacterRule {
  /** Let \t, \n and \r through (text a person writes over several lines). */
  freeText?: boolean
}

const TAB = 0x09
const LINE_FEED = 0x0a
const CARRIAGE_RETURN = 0x0d
const DELETE = 0x7f

/** Whether `text` holds U+0000–U+001F or U+007F (free text: apart from tab, line feed, carriage return). */
export function hasControlCharacter(text: string, rule: ControlCharacterRule = {}): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === DELETE) return true
    if (code >= 0x20) continue
    if (rule.freeText && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue
    return true
  }
  return false
}

/**
 * Half of a UTF-16 surrogate pair on its own: JSON carries it (`"\ud800"`), but it is no character
 * and cannot be written as UTF-8, so the database refuses it as it refuses NUL.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** A control character (as above) or an unpaired surrogate: text the database must never be sent. */
export function hasUnsafeCharacter(text: string, rule: ControlCharacterRule = {}): boolean {
  return hasControlCharacter(text, rule) || UNPAIRED_SURROGATE.test(text)
}

/** Free text's message when it holds a control character other than a tab or a line break. */
export const FREE_TEXT_CONTROL_MESSAGE = 'The text holds a control character; remove it and try again'
