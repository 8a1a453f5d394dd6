import { MESSAGES } from '@promptly/core/messages'
import { createFileRoute } from '@tanstack/react-router'
import { GeneratorPage, type GeneratorSearch } from '../generator/GeneratorPage.tsx'
import { RequireSignIn } from '../navigation/RequireSignIn.tsx'
import { textParam } from '../navigation/search-params.ts'

export const Route = createFileRoute('/generate')({
  validateSearch: (search: Record<string, unknown>): GeneratorSearch => {
    const id = textParam(search.id)
    const reffered = textParam(search.reffered)
    const from = textParam(search.from)
    return { ...(id ? { id } : {}), ...(reffered ? { reffered } : {}), ...(from ? { from } : {}) }
  },
  component: GenerateRoute,
})

/** Signed-out visitors go to /login?redirect=<this path and query> with 'Please Signin to continue'. */
function GenerateRoute() {
  const search = Route.useSearch()
  return (
    <RequireSignIn signedOutMessage={MESSAGES.signInToContinue}>
      <GeneratorPage search={search} />
    </RequireSignIn>
  )
}
