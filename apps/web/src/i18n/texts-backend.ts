import type { BackendModule, ReadCallback } from 'i18next'

import { isLanguage, type Language } from '@promptly/core/web/languages'

import type { AreaTexts } from './mount-areas.ts'

/**
 * The namespaces: everyday texts (the shell, the catalogue and home page, signing in), then one per
 * area of pages: the generator with its results and history, the account pages (profile, plans,
 * payment), the information and legal pages (long, read on few visits) and the admin pages' (admins
 * only). Each language's namespace is a chunk of its own, loaded when first needed, so a visitor
 * downloads one language's texts for the pages they see, and the home page none of the others'.
 */
export const NAMESPACES = ['translation', 'generator', 'account', 'info', 'admin'] as const
export type Namespace = (typeof NAMESPACES)[number]

type TextsModule = () => Promise<{ default: AreaTexts }>

const BUNDLES: Record<Namespace, Record<Language, TextsModule>> = {
  translation: {
    en: () => import('./bundles/en.ts'),
    es: () => import('./bundles/es.ts'),
    hi: () => import('./bundles/hi.ts'),
    ar: () => import('./bundles/ar.ts'),
  },
  generator: {
    en: () => import('./bundles/en-generator.ts'),
    es: () => import('./bundles/es-generator.ts'),
    hi: () => import('./bundles/hi-generator.ts'),
    ar: () => import('./bundles/ar-generator.ts'),
  },
  account: {
    en: () => import('./bundles/en-account.ts'),
    es: () => import('./bundles/es-account.ts'),
    hi: () => import('./bundles/hi-account.ts'),
    ar: () => import('./bundles/ar-account.ts'),
  },
  info: {
    en: () => import('./bundles/en-info.ts'),
    es: () => import('./bundles/es-info.ts'),
    hi: () => import('./bundles/hi-info.ts'),
    ar: () => import('./bundles/ar-info.ts'),
  },
  admin: {
    en: () => import('./bundles/en-admin.ts'),
    es: () => import('./bundles/es-admin.ts'),
    hi: () => import('./bundles/hi-admin.ts'),
    ar: () => import('./bundles/ar-admin.ts'),
  },
}

const isNamespace = (value: string): value is Namespace => (NAMESPACES as readonly string[]).includes(value)

export async function loadTexts(language: string, namespace: string): Promise<AreaTexts> {
  if (!isLanguage(language) || !isNamespace(namespace)) {
    throw new Error(`No texts for ${language}/${namespace}`)
  }
  return (await BUNDLES[namespace][language]()).default
}

/** i18next reads each language's namespaces from the chunks above. */
export const textsBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loadTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    )
  },
}
