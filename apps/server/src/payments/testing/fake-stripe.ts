import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { StripeClientOptions } from '../stripe-payments.ts'

export interface FakeStripeRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The form-encoded body Stripe's API takes, decoded (`line_items[0][price_data][unit_amount]`: '1499'). */
  form: Record<string, string>
}

export interface FakeStripe {
  /** What the SDK is given to reach this server instead of api.stripe.com. */
  client: StripeClientOptions
  requests: FakeStripeRequest[]
  close(): Promise<void>
}

/**
 * A stand-in for Stripe's API on loopback: answers Checkout Session creation as Stripe does (the
 * fields the portal reads), and records every request for the test to inspect.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = []
  let sessions = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const path = req.url ?? '/'
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, form })
      res.setHeader('content-type', 'application/json')
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        sessions += 1
        const id = `cs_test_fake_${sessions}`
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'open',
            payment_status: 'unpaid',
            client_reference_id: form.client_reference_id ?? null,
            metadata: { purchaseId: form['metadata[purchaseId]'] },
            amount_total: Number(form['line_items[0][price_data][unit_amount]']),
            currency: form['line_items[0][price_data][currency]'],
            url: `https://checkout.stripe.test/c/pay/${id}`,
          }),
        )
        return
      }
      res.statusCode = 404
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No fake for ${path}` } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    client: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
