import { schemaResolver, type FormErrors } from '@mantine/form'

import type * as MediaRequestModule from '@promptly/core/generation/media'

import { lazyModule } from '../../app/lazy-module.ts'

type MediaRequests = Pick<typeof MediaRequestModule, 'paraphraseRequest' | 'imageRequest' | 'speechRequest'>

/**
 * The dedicated tools' request schemas (core's media.ts), the ones the server parses with too,
 * fetched when a tool's form is first touched: they bring the validation library, which a phone
 * spent a tenth of a second evaluating while the tool's page loaded, before anyone typed a word.
 * DedicatedToolForm (`checksReady`) waits for them before it lets a form validate or send.
 */
const requests = lazyModule<MediaRequests>(() => import('@promptly/core/generation/media'))

export const mediaRequestsReady = (): Promise<MediaRequests> => requests.load()

/** The schemas, once mediaRequestsReady() has resolved: DedicatedToolForm calls the screens' handlers only then. */
export function mediaRequests(): MediaRequests {
  const loaded = requests.current()
  if (!loaded) throw new Error('the media request schemas are used before DedicatedToolForm loaded them')
  return loaded
}

/** A form's validation with one of the schemas (Mantine's `validate`), read when the form validates. */
export function mediaRequestResolver(name: keyof MediaRequests): (values: unknown) => FormErrors {
  return (values) => schemaResolver(mediaRequests()[name], { sync: true })(values)
}
