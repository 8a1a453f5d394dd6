const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** 'Mar 3, 2026, 10:15 AM', or 'Never' for a key not used yet. */
export function formatKeyDate(date: Date | null): string {
  return date ? dateTime.format(date) : 'Never'
}

/** The stored prefix with an ellipsis, so nobody mistakes it for the whole key. */
export function displayedPrefix(prefix: string): string {
  return `${prefix}…`
}
