/** The stored prefix with an ellipsis, so nobody mistakes it for the whole key. */
export function displayedPrefix(prefix: string): string {
  return `${prefix}…`
}
