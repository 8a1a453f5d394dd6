import type { ComponentType } from 'react'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import type { MediaScreenProps } from './media-screen.ts'

export type DedicatedKind = Exclude<ToolKind, 'generic'>

type ScreenModule = { default: ComponentType<MediaScreenProps> }

/**
 * One screen per kind, each its own chunk: a visitor of the paraphraser never downloads the image
 * grid or the upload code, and none of it touches the home page's budget.
 */
const IMPORTS: Record<DedicatedKind, () => Promise<ScreenModule>> = {
  paraphrase: () => import('./ParaphraseScreen.tsx'),
  image: () => import('./ImageScreen.tsx'),
  text_to_audio: () => import('./TextToAudioScreen.tsx'),
  transcription: () => import('./TranscriptionScreen.tsx'),
}

const modules = new Map<DedicatedKind, Promise<ScreenModule>>()

/**
 * The kind's screen module, fetched once. Marked fulfilled as soon as it has arrived, so that a
 * screen loaded before the page hydrates (src/ssr/hydrate-page.ts) is rendered at once: a screen
 * that suspended while React took the server's markup over was replaced by its skeleton at the
 * first update that reached it, and the sections below it jumped up, then down again.
 */
export function loadDedicatedScreen(kind: DedicatedKind): Promise<ScreenModule> {
  let loading = modules.get(kind)
  if (!loading) {
    const promise = IMPORTS[kind]()
    loading = promise
    modules.set(kind, promise)
    // The fields React's use() reads a settled promise by. A failed fetch is forgotten: the next
    // render asks again.
    promise.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      () => modules.delete(kind),
    )
  }
  return loading
}
