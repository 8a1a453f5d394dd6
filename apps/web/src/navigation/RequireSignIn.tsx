import { MESSAGES } from '@promptly/core/messages'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { CenteredLoader } from '../components/CenteredLoader.tsx'
import { toast } from '../components/toast.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { currentPathWithQuery } from './redirect.ts'

interface RequireSignInProps {
  children: ReactNode
  /** Toast shown when a signed-out visitor is sent to /login. */
  signedOutMessage?: string
  /** Only admins may stay; other signed-in users go home with 'Cannot access '. */
  adminOnly?: boolean
}

/**
 * Guards a page. Nothing happens while the identity state loads (a centred loader shows);
 * once it has loaded, a signed-out visitor goes to /login?redirect=<this page> and a non-admin
 * on an admin page goes to the home page, each with a toast.
 */
export function RequireSignIn({ children, signedOutMessage = MESSAGES.loginToContinue, adminOnly = false }: RequireSignInProps) {
  const { status, user } = useIdentity()

  if (status === 'loading') return <CenteredLoader label="Checking your session" />
  if (status === 'signed-out' || !user) {
    return <SignInRedirect message={signedOutMessage} />
  }
  if (adminOnly && !user.isAdmin) return <HomeRedirect message={MESSAGES.cannotAccess} />
  return children
}

function SignInRedirect({ message }: { message: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  // Read once: while the navigation runs, the location already shows /login, and recomputing
  // from it would nest redirect inside redirect.
  const [redirect] = useState(() => currentPathWithQuery(location))
  useEffect(() => {
    toast.error(message, 'sign-in-required')
    void navigate({ to: '/login', search: { redirect }, replace: true })
  }, [navigate, redirect, message])
  return <CenteredLoader label="Redirecting to sign in" />
}

function HomeRedirect({ message }: { message: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    toast.error(message, 'access-denied')
    void navigate({ to: '/', replace: true })
  }, [navigate, message])
  return <CenteredLoader label="Redirecting" />
}
