/**
 * The DOM id of the control (or container) that shows the message for a form path, so a failed
 * save can put the focus on the first field to fix.
 */
export function fieldDomId(path: string): string {
  return `tool-${path.replaceAll('.', '-')}`
}

/** The element among these that comes first on the page. */
export function firstInDocumentOrder(elements: readonly HTMLElement[]): HTMLElement | undefined {
  return [...elements].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]
}

/** Focuses the first field on the page with a message; answers whether there was one. */
export function focusFirstInvalid(errorPaths: readonly string[]): boolean {
  const targets = errorPaths
    .map((path) => document.getElementById(fieldDomId(path)))
    .filter((element): element is HTMLElement => element !== null)
  const first = firstInDocumentOrder(targets)
  first?.focus()
  return first !== undefined
}
