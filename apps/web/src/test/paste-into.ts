import type { UserEvent } from '@testing-library/user-event'

/**
 * Replaces what a field holds with `text`, pasted in one go as a person would paste it. For tests
 * about what a form does with its values: typing re-renders a controlled form once per key, and
 * typing itself is tested where it matters (see retype.ts).
 */
export async function pasteInto(user: UserEvent, field: Element, text: string): Promise<void> {
  await user.clear(field)
  await user.paste(text)
}
