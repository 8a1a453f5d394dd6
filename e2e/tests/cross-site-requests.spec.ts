import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Request } from '@playwright/test'

import { createVerifiedAccount } from '../support/accounts.ts'
import { X_BIO } from '../support/generator.ts'

/**
 * Serves `html` from another origin on the same site as the portal (127.0.0.1, another port): the
 * hardest case, as the browser then sends the SameSite=Lax session cookie with the page's requests,
 * so only the server's own check stands between that page and the user's credits.
 */
async function serveAttackerPage(html: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A page that tries every way a page may write to another origin without its consent. */
function attackerPage(portal: string, clerkId: string): string {
  const decrease = `${portal}/api/v1/limits/decrease?clerkId=${encodeURIComponent(clerkId)}`
  const generate = `${portal}/api/v1/objects/getResponseOfObject/${X_BIO.id}?clerkId=${encodeURIComponent(clerkId)}`
  const groups = JSON.stringify({ groups: [['Designer', 'Tips'], ['Witty', true], ['']] })
  const paraphrase = JSON.stringify({ json: { prompt: 'Spend this user’s credits.' } })
  return `<!doctype html><html><body>
<iframe name="sink" title="sink"></iframe>
<form id="post" method="post" enctype="text/plain" action="${decrease}" target="sink"><input name="a" value="1"></form>
<script>
  const writes = [
    ['no-cors, no body', ${JSON.stringify(decrease)}, {}],
    ['no-cors, text/plain', ${JSON.stringify(generate)}, { body: ${JSON.stringify(groups)} }],
    ['no-cors, untyped JSON to tRPC', ${JSON.stringify(`${portal}/trpc/generation.paraphrase`)},
      { body: new Blob([${JSON.stringify(paraphrase)}]) }],
  ]
  for (const [, url, init] of writes) fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', ...init })
  document.getElementById('post').submit()
</script>
</body></html>`
}

test('a page on another origin cannot spend a signed-in user’s credits', async ({ page, baseURL }) => {
  const portal = baseURL ?? ''
  await createVerifiedAccount(page)
  const me = await (await page.request.get('/api/auth/me')).json()
  const clerkId: string = me.user.clerkId
  const credits = async () => (await (await page.request.get('/api/v1/limits')).json()).data.current_limit
  expect(await credits()).toBe(30)

  const attacker = await serveAttackerPage(attackerPage(portal, clerkId))
  try {
    // Every write the page makes to the portal, once it has settled. The browser hides the answers
    // to no-cors requests from the page (and the portal's resource policy blocks them): what tells
    // is that the credits did not move. The form's post shows its answer, and the cookie it carried.
    const settled: Request[] = []
    const track = (request: Request) => {
      if (request.url().startsWith(portal) && request.method() === 'POST') settled.push(request)
    }
    page.on('requestfinished', track)
    page.on('requestfailed', track)
    await page.goto(`${attacker.origin}/prize.html`)
    await expect.poll(() => settled.length).toBe(4)
    expect(await credits()).toBe(30)
    const formPost = settled.find((request) => request.isNavigationRequest())
    expect(await formPost?.headerValue('cookie')).toContain('promptly_session=')
    expect((await formPost?.response())?.status()).toBe(403)

    // The same call from the portal's own origin does spend: the session was live all along.
    const own = await page.request.post(`/api/v1/limits/decrease?clerkId=${clerkId}`, { headers: { origin: portal } })
    expect(own.status()).toBe(200)
    expect(await credits()).toBe(29)
  } finally {
    await attacker.close()
  }
})
