import { expect, test, type Page } from '@playwright/test'

import { createVerifiedAccount, expectSignedIn } from '../support/accounts.ts'
import { waitForCatalogue } from '../support/catalogue.ts'

/**
 * Loading the home page asks the API for each thing once: a list fetched twice (once in the
 * route's batch, again when the catalogue mounts) costs the server and the visitor's data for
 * nothing.
 */

/** The API requests a page makes, and the tRPC calls inside them (a batch holds several). */
function recordApiTraffic(page: Page) {
  const requests: string[] = []
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith('/trpc/') && !url.pathname.startsWith('/api/')) return
    requests.push(`${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`)
    if (!url.pathname.startsWith('/trpc/')) return
    // GET /trpc/a,b?batch=1&input={"0":<a's input>,"1":<b's input>}
    const procedures = url.pathname.slice('/trpc/'.length).split(',')
    const inputs = JSON.parse(url.searchParams.get('input') ?? request.postData() ?? '{}') as Record<string, unknown>
    procedures.forEach((procedure, index) => calls.push(`${procedure} ${JSON.stringify(inputs[index] ?? null)}`))
  })
  return { requests, calls }
}

const repeated = (items: string[]) => items.filter((item, index) => items.indexOf(item) !== index)

/**
 * Waits until every request the page's first renders started has been seen. Typing into the
 * catalogue's box makes React render again, which it does only after running the effects of its
 * last render (where a query mounting with stale data would start a refetch); a timer then lets the
 * API client send what it batched (it dispatches on a zero-delay timer, queued before ours); the
 * request the page sends after that reaches this test after all of theirs.
 */
async function settleRequests(page: Page): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search the catalogue' })
  await box.pressSequentially('a')
  await expect(box).toHaveValue('a')
  const marker = page.waitForRequest((request) => request.url().endsWith('/health?requests-settled'))
  await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    await fetch('/health?requests-settled')
  })
  await marker
}

const ALL_TOOLS_CALL = 'tools.byCategory {"json":{"category":"All Tools"}}'

async function expectNoRepeatedRequests(page: Page, traffic: ReturnType<typeof recordApiTraffic>) {
  await waitForCatalogue(page)
  await expect(page.getByTestId('tool-card').first()).toBeVisible()
  await settleRequests(page)
  expect(repeated(traffic.requests)).toEqual([])
  expect(repeated(traffic.calls)).toEqual([])
}

test('the home page asks for no list signed out: they come with the server-rendered page', async ({ page }) => {
  const traffic = recordApiTraffic(page)
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await expectNoRepeatedRequests(page, traffic)
  expect(traffic.calls.filter((call) => call.startsWith('tools.'))).toEqual([])
})

test("a page's answers count from its arrival, not from when the server rendered it", async ({ page }) => {
  // A browser clock five minutes ahead of the server's reads the page's stamps as old, as it reads
  // those of a page served from the page cache at the end of its minute there, longer than every
  // answer stays fresh: nothing the page shows is asked again.
  await page.clock.setFixedTime(Date.now() + 5 * 60_000)
  const traffic = recordApiTraffic(page)
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await expectNoRepeatedRequests(page, traffic)
  expect(traffic.calls.filter((call) => call.startsWith('tools.'))).toEqual([])
})

test('the home page asks for each list once, signed in', async ({ page }) => {
  // Signed up and verified over the API (page.request): only the page's own requests are recorded.
  await createVerifiedAccount(page)
  const traffic = recordApiTraffic(page)
  await page.goto('/')
  await expectSignedIn(page)
  await expect(page.getByTestId('nav-credits')).toBeVisible()
  await expectNoRepeatedRequests(page, traffic)
  // Asked once more, as the user: the server-rendered cards carry no one's bookmarks.
  expect(traffic.calls).toContain(ALL_TOOLS_CALL)
})
