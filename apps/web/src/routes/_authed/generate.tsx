import { createFileRoute } from '@tanstack/react-router'

import { MESSAGES } from '@promptly/core/messages'

import { GeneratorPage, type GeneratorSearch } from '../../generator/GeneratorPage.tsx'
import { textParam } from '../../navigation/search-params.ts'

export const Route = createFileRoute('/_authed/generate')({
  // Signed-out visitors are sent to /login with the generator's own words (spec section 5).
  staticData: { signedOutMessage: MESSAGES.signInToContinue },
  validateSearch: (search: Record<string, unknown>): GeneratorSearch => {
    const id = textParam(search.id)
    const reffered = textParam(search.reffered)
    const from = textParam(search.from)
    return { ...(id ? { id } : {}), ...(reffered ? { reffered } : {}), ...(from ? { from } : {}) }
  },
  component: GeneratorPage,
})
