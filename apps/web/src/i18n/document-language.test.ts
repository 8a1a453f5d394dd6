import { afterEach, describe, expect, it } from 'vitest'

import { applyDocumentLanguage } from './document-language.ts'

/** The attribute writes `action` makes on <html>, as a mutation observer sees them. */
async function htmlWrites(action: () => void): Promise<string[]> {
  const writes: string[] = []
  const observer = new MutationObserver((records) => {
    for (const record of records) writes.push(record.attributeName ?? '')
  })
  observer.observe(document.documentElement, { attributes: true })
  action()
  // Mutation records are delivered in a microtask.
  await Promise.resolve()
  observer.disconnect()
  return writes
}

describe('applyDocumentLanguage', () => {
  afterEach(() => {
    document.documentElement.lang = 'en'
    document.documentElement.dir = 'ltr'
  })

  it('sets the language and its writing direction', async () => {
    document.documentElement.lang = 'en'
    document.documentElement.dir = 'ltr'
    expect(await htmlWrites(() => applyDocumentLanguage('ar'))).toEqual(['lang', 'dir'])
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')

    expect(await htmlWrites(() => applyDocumentLanguage('es'))).toEqual(['lang', 'dir'])
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('leaves a page already in that language untouched (a server-rendered one)', async () => {
    document.documentElement.lang = 'hi'
    document.documentElement.dir = 'ltr'
    expect(await htmlWrites(() => applyDocumentLanguage('hi'))).toEqual([])
  })
})
