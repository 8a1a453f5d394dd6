import type { FieldRole } from '@promptly/core/catalogue/field-roles'

/**
 * The user's values by the role their field plays (core's field-roles.ts): who speaks, what is sold,
 * what it is about, for whom, what the reader should do, which words to work in. The writer puts
 * each value whole into the slots of its role and nowhere else.
 */
export const CONTENT_ROLES = ['who', 'product', 'topic', 'audience', 'call_to_action', 'keyword'] as const
export type ContentRole = (typeof CONTENT_ROLES)[number]

export type RoleValues = Readonly<Record<ContentRole, readonly string[]>>

export function isContentRole(role: string): role is ContentRole {
  return (CONTENT_ROLES as readonly string[]).includes(role)
}

/**
 * A value as it goes into a sentence: its spaces collapsed (a textarea's line breaks would split
 * a sentence) and the full stop or comma it ended with dropped, since the sentence adds its own.
 */
export function tidyValue(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:]+$/, '')
}

/**
 * The values of content roles in form order; a value already given (in any case, for any role) is
 * said once, in the role of its first field, so "the same value in two fields" is not said twice.
 */
export function roleValuesOf(entries: ReadonlyArray<{ role: FieldRole; value: string }>): RoleValues {
  const values: Record<ContentRole, string[]> = {
    who: [],
    product: [],
    topic: [],
    audience: [],
    call_to_action: [],
    keyword: [],
  }
  const seen = new Set<string>()
  for (const entry of entries) {
    if (!isContentRole(entry.role)) continue
    const value = tidyValue(entry.value)
    const key = value.toLocaleLowerCase()
    if (value === '' || seen.has(key)) continue
    seen.add(key)
    values[entry.role].push(value)
  }
  return values
}

/** Every value, in role order: for checks that look at all of them. */
export function allValues(values: RoleValues): string[] {
  return CONTENT_ROLES.flatMap((role) => values[role])
}
