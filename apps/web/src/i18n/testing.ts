import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

import { mountAreas, type AreaTexts } from './mount-areas.ts'
import { NAMESPACES, type Namespace } from './texts-backend.ts'

const ENGLISH = {
  translation: mountAreas(import.meta.glob('./locales/en/*.json', { eager: true, import: 'default' })),
  generator: mountAreas(import.meta.glob('./locales/en/generator/*.json', { eager: true, import: 'default' })),
  account: mountAreas(import.meta.glob('./locales/en/account/*.json', { eager: true, import: 'default' })),
  info: mountAreas(import.meta.glob('./locales/en/info/*.json', { eager: true, import: 'default' })),
  admin: mountAreas(import.meta.glob('./locales/en/admin/*.json', { eager: true, import: 'default' })),
} satisfies Record<Namespace, AreaTexts>

/**
 * An English instance with every namespace in place, ready on return (tests render synchronously).
 * A key English lacks throws, so a component test that shows one fails.
 */
export function createTestI18n(): i18n {
  const instance = createInstance()
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: ENGLISH },
    ns: NAMESPACES,
    defaultNS: 'translation',
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      throw new Error(`Missing text: ${namespace}:${key}`)
    },
  })
  return instance
}

/** One instance for every test in a file: the texts do not change between tests. */
export const testI18n = createTestI18n()
