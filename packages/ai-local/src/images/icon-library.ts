import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { z } from 'zod'

/**
 * The colour emoji the renderer draws subjects with: @iconify-json/fluent-emoji-flat (3,174 icons,
 * 8.6 MB of JSON). Read once, on the first picture, rather than at start-up: a server that never
 * draws never pays for it. Skin-tone variants are left out of the name index (the default-tone
 * icon stands for them) so matching is not drowned in six copies of every person.
 */

export interface Icon {
  name: string
  /** The icon's SVG content, for a viewBox of width x height. */
  body: string
  width: number
  height: number
  hFlip: boolean
}

export interface IconLibrary {
  /** Icon names, skin-tone variants left out. */
  readonly names: readonly string[]
  has(name: string): boolean
  icon(name: string): Icon | undefined
  /** Names that contain `word` as one of their hyphen-separated parts. */
  namesWithPart(word: string): readonly string[]
}

const iconSet = z.object({
  width: z.number().optional(),
  height: z.number().optional(),
  icons: z.record(
    z.string(),
    z.object({ body: z.string(), width: z.number().optional(), height: z.number().optional() }),
  ),
  aliases: z.record(z.string(), z.object({ parent: z.string(), hFlip: z.boolean().optional() })).optional(),
})

const SKIN_TONE = /-(?:dark|light|medium|medium-dark|medium-light)$/u

let loading: Promise<IconLibrary> | undefined

export function loadIconLibrary(): Promise<IconLibrary> {
  loading ??= readIconSet().catch((error: unknown) => {
    loading = undefined // a later picture tries again
    throw error
  })
  return loading
}

async function readIconSet(): Promise<IconLibrary> {
  const path = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json')
  const set = iconSet.parse(JSON.parse(await readFile(path, 'utf8')))
  return buildLibrary(set)
}

function buildLibrary(set: z.infer<typeof iconSet>): IconLibrary {
  const defaultWidth = set.width ?? 16
  const defaultHeight = set.height ?? 16
  const aliases = set.aliases ?? {}
  const icon = (name: string): Icon | undefined => {
    const own = set.icons[name]
    if (own)
      return {
        name,
        body: own.body,
        width: own.width ?? defaultWidth,
        height: own.height ?? defaultHeight,
        hFlip: false,
      }
    const alias = aliases[name]
    const parent = alias ? set.icons[alias.parent] : undefined
    if (!alias || !parent) return undefined
    return {
      name,
      body: parent.body,
      width: parent.width ?? defaultWidth,
      height: parent.height ?? defaultHeight,
      hFlip: alias.hFlip ?? false,
    }
  }
  const names = [...Object.keys(set.icons), ...Object.keys(aliases)].filter((name) => !SKIN_TONE.test(name)).sort()
  const byPart = new Map<string, string[]>()
  for (const name of names) {
    for (const part of new Set(name.split('-'))) {
      const list = byPart.get(part)
      if (list) list.push(name)
      else byPart.set(part, [name])
    }
  }
  const known = new Set(names)
  return {
    names,
    has: (name) => known.has(name),
    icon,
    namesWithPart: (word) => byPart.get(word) ?? [],
  }
}
