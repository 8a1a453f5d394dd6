import { z } from 'zod'

import { authorizationHeaders } from '../../identity/auth-token.ts'

const PAY_FAILED = 'The payment could not be completed. Please try again.'

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
    throw new Error(PAY_FAILED)
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new Error(errorAnswer.safeParse(body).data?.message ?? PAY_FAILED)
  const paid = paidAnswer.safeParse(body)
  if (!paid.success) throw new Error(PAY_FAILED)
  return paid.data.data.url
}
