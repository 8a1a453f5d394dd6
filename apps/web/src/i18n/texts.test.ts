// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { LANGUAGE_CODES, type Language } from '@promptly/core/web/languages'

import { loadTexts, NAMESPACES } from './texts-backend.ts'

const FILES = import.meta.glob<Record<string, unknown>>('./locales/**/*.json', { eager: true, import: 'default' })
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
/** react-i18next parses <Trans> texts as HTML: a tag named like a void element loses its content. */
const VOID_ELEMENT_TAG = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/

/** Every language's texts files, by path below its folder (`catalogue.json`, `info/terms.json`). */
function filesOf(language: Language): Map<string, Record<string, unknown>> {
  const prefix = `./locales/${language}/`
  return new Map(
    Object.entries(FILES)
      .filter(([file]) => file.startsWith(prefix))
      .map(([file, texts]) => [file.slice(prefix.length), texts]),
  )
}

/** Dotted key → text, the way t() reads them. */
function flatten(texts: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>()
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, text] of flatten(value as Record<string, unknown>, path)) flat.set(inner, text)
    } else flat.set(path, value)
  }
  return flat
}

/**
 * The keys a language must hold for the English ones: a plural key (`credits_one`, `credits_other`)
 * stands for the forms the language's own plural rules have (Arabic has six, Spanish two).
 */
function expectedKeys(englishKeys: Iterable<string>, language: Language): Set<string> {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  const keys = new Set<string>()
  for (const key of englishKeys) {
    const match = PLURAL_SUFFIX.exec(key)
    if (!match) keys.add(key)
    else for (const form of forms) keys.add(`${key.slice(0, match.index)}_${form}`)
  }
  return keys
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((found) => found[1]).sort()

const english = filesOf('en')

describe('interface texts', () => {
  it('are written in English for every part of the app', () => {
    expect(english.size).toBeGreaterThan(0)
    for (const [file, texts] of english) {
      for (const [key, text] of flatten(texts)) {
        expect(typeof text === 'string' && text.trim() !== '', `en/${file}: ${key} is empty`).toBe(true)
      }
    }
  })

  it('name no <Trans> tag after an HTML void element (its words would be dropped)', () => {
    for (const language of LANGUAGE_CODES) {
      for (const [file, texts] of filesOf(language)) {
        for (const [key, text] of flatten(texts)) {
          const tag = VOID_ELEMENT_TAG.exec(String(text))?.[1]
          expect(tag, `${language}/${file}: ${key} uses <${tag}>`).toBeUndefined()
        }
      }
    }
  })

  // A control showing `add` and named by `addLabel` (say, "Add" and "Add credits to Ada"): a user
  // of speech input says what they see, so the name must hold the visible words (WCAG 2.5.3).
  it('name each control with words that contain what it shows, in every language', () => {
    let pairs = 0
    for (const language of LANGUAGE_CODES) {
      for (const [file, texts] of filesOf(language)) {
        const flat = flatten(texts)
        for (const [key, label] of flat) {
          if (!key.endsWith('Label')) continue
          const shown = flat.get(key.slice(0, -'Label'.length))
          if (typeof shown !== 'string' || typeof label !== 'string') continue
          pairs++
          expect(label.toLocaleLowerCase(language), `${language}/${file}: ${key}`).toContain(
            shown.toLocaleLowerCase(language),
          )
        }
      }
    }
    expect(pairs).toBeGreaterThan(0)
  })

  it('live in the folder of a namespace: the everyday ones at the top, the others in their own', () => {
    for (const file of english.keys()) {
      const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : 'translation'
      expect(NAMESPACES, `en/${file}`).toContain(folder)
    }
  })

  it('reach the page through their namespace’s chunk, in every language', async () => {
    for (const language of LANGUAGE_CODES) {
      for (const namespace of NAMESPACES) {
        const folder = namespace === 'translation' ? '' : `${namespace}/`
        const areas = [...filesOf(language).keys()]
          .filter((file) => file.startsWith(folder) && !file.slice(folder.length).includes('/'))
          .map((file) => file.slice(folder.length, -'.json'.length))
        const loaded = await loadTexts(language, namespace)
        expect(Object.keys(loaded).sort(), `${language}/${namespace}`).toEqual(areas.sort())
      }
    }
  })

  for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
    describe(language, () => {
      const translated = filesOf(language)

      it('has a file for each English one, and no other', () => {
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort())
      })

      it('has every key English has, in its plural forms, and no stray ones', () => {
        for (const [file, texts] of english) {
          const theirs = flatten(translated.get(file) ?? {})
          const missing = [...expectedKeys(flatten(texts).keys(), language)].filter((key) => !theirs.has(key))
          const stray = [...theirs.keys()].filter((key) => !expectedKeys(flatten(texts).keys(), language).has(key))
          expect({ file, missing, stray }).toEqual({ file, missing: [], stray: [] })
        }
      })

      it('keeps every placeholder of the English text, and leaves no text empty', () => {
        for (const [file, texts] of english) {
          const theirs = flatten(translated.get(file) ?? {})
          for (const [key, text] of flatten(texts)) {
            const base = key.replace(PLURAL_SUFFIX, '')
            for (const [theirKey, theirText] of theirs) {
              if (theirKey !== key && theirKey.replace(PLURAL_SUFFIX, '') !== base) continue
              expect(typeof theirText === 'string' && theirText.trim() !== '', `${language}/${file}: ${theirKey}`).toBe(
                true,
              )
              // A plural form may leave the count out ("one credit"), but may not invent a placeholder.
              const ours = placeholders(text)
              const extra = placeholders(theirText).filter((name) => !ours.includes(name))
              expect(extra, `${language}/${file}: ${theirKey} has placeholders English lacks`).toEqual([])
              if (!PLURAL_SUFFIX.test(key))
                expect(placeholders(theirText), `${language}/${file}: ${theirKey}`).toEqual(ours)
            }
          }
        }
      })
    })
  }
})
