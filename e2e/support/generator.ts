import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/** The seeded X (Twitter) Bio Generator (its id is derived from its slug; see core's tool-id.ts). */
export const X_BIO = {
  id: '218151ba-48d6-8f2d-9029-77dd78f93fcb',
  name: 'X (Twitter) Bio Generator',
  whoPlaceholder: 'e.g. Product designer at a fintech startup, dog dad',
  topicsPlaceholder: 'e.g. UX tips, design systems, remote work',
} as const

export function generatorUrl(toolId: string = X_BIO.id): string {
  return `/generate?id=${toolId}`
}

/** The 'Your Pitch' panel and the generated text inside it. */
export function resultPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Your Pitch' })
}

export function resultOutput(page: Page): Locator {
  return page.getByTestId('generation-output')
}

/**
 * Starts recording each text length the result goes through. More than one non-zero length means
 * the answer painted in pieces as it streamed; read them back with `paintedLengths`.
 */
export async function recordPaintedLengths(page: Page): Promise<void> {
  await page.evaluate(() => {
    const lengths = new Set<number>()
    ;(window as unknown as { resultLengths: Set<number> }).resultLengths = lengths
    const target = document.querySelector('[data-testid="generation-output"]')!
    new MutationObserver(() => lengths.add(target.textContent?.length ?? 0)).observe(target, {
      childList: true,
      subtree: true,
      characterData: true,
    })
  })
}

export async function paintedLengths(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...(window as unknown as { resultLengths: Set<number> }).resultLengths].filter((n) => n > 0),
  )
}

/** Fills the X bio form's required fields. */
export async function fillXBio(
  page: Page,
  who = 'A product designer who bakes sourdough',
  topics = 'design systems and bread',
): Promise<void> {
  await page.getByRole('textbox', { name: /Who you are/ }).fill(who)
  await page.getByRole('textbox', { name: /What you post about/ }).fill(topics)
}

/** Generates with the X bio form and waits until the result is complete (the button reads Regenerate). */
export async function generateXBio(page: Page, who?: string, topics?: string): Promise<void> {
  await fillXBio(page, who, topics)
  await page.getByRole('button', { name: /^(Generate|Regenerate)$/ }).click()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled({ timeout: 20_000 })
}

/** The signed-in user's own record (`auth.me`), read with the page's session cookie. */
export async function currentUserId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/trpc/auth.me')
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { result: { data: { json: { id: string } | null } } }
  const user = body.result.data.json
  if (!user) throw new Error('Not signed in')
  return user.id
}

/** Spends credits through the server's usage endpoint (one per call), as the legacy client's own tools do. */
export async function spendCredits(request: APIRequestContext, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await request.post('/api/v1/limits/decrease')
    expect(response.ok(), await response.text()).toBe(true)
  }
}
