import { SignIn } from '@clerk/react'

/** Clerk's hosted sign-in widget; loaded only on /login when the server uses Clerk. */
export default function ClerkSignIn({ redirectTo }: { redirectTo: string }) {
  return <SignIn routing="hash" forceRedirectUrl={redirectTo} signUpForceRedirectUrl={redirectTo} />
}
