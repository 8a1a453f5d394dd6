import type { TFunction } from 'i18next'

import { toast } from '../components/toast.ts'

/**
 * Copies text to the clipboard with the spec's toasts ('Copied to Clipboard' / 'Failed to copy'),
 * in the page's language. Resolves with whether it worked; a missing or refused clipboard is a
 * failure, never a throw.
 */
export async function copyText(text: string, t: TFunction): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(t('generator.copy.copied'), 'copied')
    return true
  } catch {
    toast.error(t('generator.copy.failed'), 'copy-failed')
    return false
  }
}

/** What a rendered result says, as plain text: paragraphs and list items on lines of their own. */
export function renderedText(element: HTMLElement | null): string {
  if (!element) return ''
  // innerText follows the layout (block elements on new lines); textContent is the fallback where
  // there is no layout.
  const text =
    typeof element.innerText === 'string' && element.innerText !== '' ? element.innerText : (element.textContent ?? '')
  return text.trim()
}
