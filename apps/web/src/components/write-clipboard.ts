/**
 * Writes text to the clipboard and says whether it worked: a browser without one, or a page the
 * user has not allowed, is a `false` for the caller's own message, never a throw.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
