import { createContext, use, useCallback, useDeferredValue, useLayoutEffect, useRef, type ReactNode } from 'react'

import { IdentityContext, LOADING_IDENTITY, type Identity } from './identity-context.ts'

/** Reads who the visitor is now; stable across identity changes. */
type IdentityReader = () => Identity

const IdentityReaderContext = createContext<IdentityReader>(() => LOADING_IDENTITY)

/**
 * Provides the identity twice: as a value (useIdentity: the component re-renders when it changes)
 * and as a reader for event handlers (useIdentityReader: no re-render). The home page shows dozens
 * of bookmark toggles that only need the identity when pressed; subscribed, each one re-rendered
 * when the sign-in state resolves.
 *
 * That first answer (out of 'loading') reaches the page as a deferred update. It arrives through the
 * query cache, whose updates React applies synchronously, and a context change forces every part of
 * the page still waiting to hydrate (the catalogue, a lazy chunk) to hydrate at once, in that same
 * synchronous task: on a phone, one long task of several hundred milliseconds. Deferred, React
 * hydrates and re-renders in slices between other work. Later changes (sign-in, sign-out) apply at
 * once: code that awaits a sign-in then navigates must find the new identity.
 */
export function ProvideIdentity({ value, children }: { value: Identity; children: ReactNode }) {
  const deferred = useDeferredValue(value)
  const shown = deferred.status === 'loading' ? deferred : value
  const latest = useRef(value)
  useLayoutEffect(() => {
    latest.current = value
  }, [value])
  const read = useCallback(() => latest.current, [])
  return (
    <IdentityContext value={shown}>
      <IdentityReaderContext value={read}>{children}</IdentityReaderContext>
    </IdentityContext>
  )
}

/**
 * The identity as of the moment the returned function is called: for event handlers of components
 * that render the same for everyone. A handler runs only once its component has hydrated, so the
 * answer is never the server's stand-in.
 */
export function useIdentityReader(): IdentityReader {
  return use(IdentityReaderContext)
}
