import { useTranslation } from 'react-i18next'

import { toast } from '../components/toast.ts'
import { writeClipboard } from '../components/write-clipboard.ts'

/**
 * Copies text to the clipboard with the spec's toasts ('Copied to Clipboard' / 'Failed to copy'),
 * in the page's language. The copy resolves with whether it worked; a missing or refused clipboard
 * is a failure, never a throw. Its texts are everyday ones: the generator and the profile copy.
 */
export function useCopyText(): (text: string) => Promise<boolean> {
  const { t } = useTranslation()
  return async (text) => {
    const copied = await writeClipboard(text)
    if (copied) toast.success(t('common.copied'), 'copied')
    else toast.error(t('common.copyFailed'), 'copy-failed')
    return copied
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
