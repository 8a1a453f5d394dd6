import type { UserEvent } from '@testing-library/user-event'

/**
 * Replaces what a field holds with `text`, typed key by key as a person would. The braces and
 * brackets that user-event reads as key names are typed as themselves.
 */
export async function retype(user: UserEvent, field: Element, text: string): Promise<void> {
  await user.clear(field)
  if (text !== '')
    await user.type(
      field,
      text.replace(/[{[]/g, (bracket) => bracket + bracket),
    )
}
