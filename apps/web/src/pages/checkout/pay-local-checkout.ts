import { z } from 'zod'

import { authorizationHeaders } from '../../identity/auth-token.ts'

/**
 * Pay failed. `message` is the server's own words when it gave some, else empty: the page then
 * says in its language that the payment could not be completed.
 */
export class LocalPayError extends Error {
  constructor(serverMessage = '') {
    super(serverMessage)
    this.name = 'LocalPayError'
  }
}

const paidAnswer = z.object({ data: z.object({ url: z.string() }) })
const errorAnswer = z.object({ message: z.string().min(1) })

/**
 * The local checkout's Pay: the server emits the signed "checkout completed" event into its payment
 * webhook and answers where the buyer lands (/success). Resolves to that address.
 */
export async function payLocalCheckout(purchaseId: string): Promise<string> {
  let response: Response
  try {
    response = await fetch(`/api/payments/local/${encodeURIComponent(purchaseId)}/pay`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(await authorizationHeaders()) },
    })
  } catch {
    throw new LocalPayError()
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new LocalPayError(errorAnswer.safeParse(body).data?.message)
  const paid = paidAnswer.safeParse(body)
  if (!paid.success) throw new LocalPayError()
  return paid.data.data.url
}
