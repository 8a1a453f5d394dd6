import { chooseLanguage, directionOf, isLanguage, type Language } from '@promptly/core/web/languages'

/**
 * The language a page starts in. A server-rendered page was rendered in the one its <html lang>
 * names, and hydration must use the same texts; a page the browser draws itself takes the
 * remembered choice, else the browser's languages (as the server would have).
 */
export function initialLanguage(): Language {
  const rendered = document.documentElement.lang
  if (window.$_TSR && isLanguage(rendered)) return rendered
  return chooseLanguage(document.cookie, navigator.languages)
}

/**
 * Marks the page with its language and writing direction (read by screen readers, fonts and CSS).
 * Only what differs is written: setting either, even to the value it has, makes the browser work
 * out the direction and styles of the whole page again, and a server-rendered page has them already.
 */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement
  const direction = directionOf(language)
  if (root.lang !== language) root.lang = language
  if (root.dir !== direction) root.dir = direction
}
