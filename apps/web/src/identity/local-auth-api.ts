/**
 * Sign-out, which every page can reach through the identity provider. Kept apart from the other
 * local account calls (local-account-api.ts) so the home page's JavaScript stays small: callers
 * only need to know that it failed, never why.
 */
export async function signOutLocal(): Promise<void> {
  const response = await fetch('/api/auth/local/sign-out', { method: 'POST', credentials: 'same-origin' })
  // Read to its end, so the navigation home that follows does not cut the answer off (ERR_ABORTED).
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`Sign-out was answered with ${response.status}`)
}
