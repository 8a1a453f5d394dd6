import { expect, test, type Page } from '@playwright/test'

import { createVerifiedAccount } from '../support/accounts.ts'
import { collectConsoleProblems, HYDRATION_PROBLEM } from '../support/console.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'
import { rememberLanguage, waitForHomeReady, waitForHydratedIn } from '../support/languages.ts'

/**
 * The texts of the generator, the account pages, the information and admin pages are namespaces of
 * their own (apps/web/src/i18n/texts-backend.ts): the home page does not download them, and a page
 * that shows them has them before it renders, on a first load as on a navigation.
 */

test.describe.configure({ timeout: 120_000 })

/** The area texts' chunks the page asks for (`es-account`, `hi-generator`). */
function recordAreaTexts(page: Page): string[] {
  const chunks: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    const chunk = /^\/assets\/([a-z]{2}-(?:generator|account|info|admin))-[\w-]+\.js$/.exec(pathname)?.[1]
    if (chunk) chunks.push(chunk)
  })
  return chunks
}

/**
 * From now on, records every area key the page shows in place of its text (`plan.page.heading`, in
 * text or in a label). Not the page loader: the router shows it for any navigation slower than a
 * second, which a busy machine makes of the data a page waits for, texts or not.
 */
async function watchForKeys(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { shownKeys: string[] }).shownKeys = seen
    const KEY = /\b(?:generator|history|plan|profile|offers)\.[a-z]\w*/
    const LABELS = ['aria-label', 'placeholder', 'title']
    const LABELLED = LABELS.map((name) => `[${name}]`).join()
    const check = (text: string | null | undefined) => {
      const key = KEY.exec(text ?? '')?.[0]
      if (key) seen.push(key)
    }
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target.textContent)
        if (record.type === 'attributes' && record.target instanceof Element) {
          check(record.target.getAttribute(record.attributeName ?? ''))
        }
        for (const node of Array.from(record.addedNodes)) {
          check(node.textContent)
          if (!(node instanceof Element)) continue
          for (const labelled of [node, ...Array.from(node.querySelectorAll(LABELLED))]) {
            for (const name of LABELS) check(labelled.getAttribute(name))
          }
        }
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: LABELS,
    })
  })
}

const shownKeys = (page: Page) => page.evaluate(() => (window as unknown as { shownKeys: string[] }).shownKeys)

test('in Spanish, the home page loads no area’s texts, and each page the menus lead to has its own', async ({
  page,
  context,
  baseURL,
}) => {
  await rememberLanguage(context, baseURL!, 'es')
  await createVerifiedAccount(page)
  const areaTexts = recordAreaTexts(page)
  const problems = collectConsoleProblems(page)
  await page.goto('/')
  await waitForHomeReady(page, 'es')
  const credits = page.getByTestId('nav-credits')
  await expect(credits).toBeVisible()
  expect(areaTexts).toEqual([])

  await watchForKeys(page)
  await credits.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Elige un plan' })).toBeVisible()
  await expect(page.getByTestId('plan-card-MONTHLY')).toContainText('Mensual')

  const menu = page.getByRole('button', { name: 'Menú de la cuenta' })
  await menu.click()
  await page.getByRole('menuitem', { name: 'Historial' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible()

  await menu.click()
  await page.getByRole('menuitem', { name: 'Perfil' }).click()
  await expect(page.getByRole('heading', { name: 'Plan y créditos' })).toBeVisible()

  expect(await shownKeys(page)).toEqual([])
  expect(problems).toEqual([])
})

for (const { path, language, heading, area } of [
  { path: '/plan', language: 'ar', heading: 'اختر خطة', area: 'ar-account' },
  { path: generatorUrl(), language: 'hi', heading: X_BIO.name, area: 'hi-generator' },
] as const) {
  test(`${path} in ${language} arrives with its area's texts, and no other area's`, async ({
    page,
    context,
    baseURL,
  }) => {
    await rememberLanguage(context, baseURL!, language)
    const areaTexts = recordAreaTexts(page)
    const problems = collectConsoleProblems(page)
    await page.goto(path)
    await waitForHydratedIn(page, language)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect([...new Set(areaTexts)]).toEqual([area])
    expect(problems.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([])
    expect(problems).toEqual([])
  })
}
