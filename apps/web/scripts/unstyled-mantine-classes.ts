import { entryKey, withStaticImports, type Manifest } from './build-manifest.ts'

/** A Mantine class name as the built JavaScript carries it: `"m_77c9d27d"` (Button's root). */
const CLASS_IN_SCRIPT = /["'`](m_[0-9a-f]{5,8})["'`]/g
/** Where a stylesheet defines one: a selector, or a keyframes name (Loader's, Skeleton's animations). */
const CLASS_IN_STYLESHEET = /(?:\.|@keyframes\s+)(m_[0-9a-f]{5,8})\b/g

export interface UnstyledChunk {
  /** The manifest key of the chunk. */
  chunk: string
  /** Mantine classes its code uses that no stylesheet loaded with it defines. */
  classes: string[]
}

const matches = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]!))

/**
 * Chunks whose Mantine components would render unstyled: a class their code uses is defined by no
 * stylesheet the browser has once the chunk is loaded, which is the chunk's CSS and that of its
 * static imports (Vite loads them with it), plus the entry's (always loaded first).
 * `readFile` reads a built file by its path in the manifest.
 */
export function unstyledMantineClasses(manifest: Manifest, readFile: (file: string) => string): UnstyledChunk[] {
  const definedBy = new Map<string, Set<string>>()
  const defined = (file: string) => {
    let classes = definedBy.get(file)
    if (!classes) definedBy.set(file, (classes = matches(readFile(file), CLASS_IN_STYLESHEET)))
    return classes
  }
  const always = withStaticImports(manifest, entryKey(manifest))

  const unstyled: UnstyledChunk[] = []
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue
    const used = matches(readFile(chunk.file), CLASS_IN_SCRIPT)
    if (used.size === 0) continue
    const loaded = withStaticImports(manifest, key, new Set(always))
    const available = new Set(
      [...loaded].flatMap((loadedKey) => manifest[loadedKey]!.css ?? []).flatMap((file) => [...defined(file)]),
    )
    const missing = [...used].filter((name) => !available.has(name)).sort()
    if (missing.length > 0) unstyled.push({ chunk: key, classes: missing })
  }
  return unstyled
}
