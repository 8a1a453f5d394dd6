import type { ResourceKey } from 'i18next'

/** The texts of one namespace in one language, by area (the file's name) then key. */
export type AreaTexts = Record<string, ResourceKey>

/**
 * One namespace's texts from its files, each under its file's name: `locales/es/catalogue.json`
 * holds the keys read as `t('catalogue.…')`. Areas are files so that each part of the app keeps
 * its texts beside the others' without sharing a file.
 */
export function mountAreas(files: Record<string, unknown>): AreaTexts {
  const areas: AreaTexts = {}
  for (const [file, texts] of Object.entries(files)) {
    const area = /([^/]+)\.json$/.exec(file)?.[1]
    if (!area || typeof texts !== 'object' || texts === null) throw new Error(`Not a texts file: ${file}`)
    areas[area] = texts as ResourceKey
  }
  return areas
}
