import { expect, test, type Locator, type Page } from '@playwright/test'

import { categoryTabs, gotoCatalogue, toolCard } from '../support/catalogue.ts'

/** The seeded upcoming tools: each one's Generate button toasts 'Coming Soon...' under an id of its own. */
const UPCOMING = ['AI Logo Generator', 'Social Media Image Resizer', 'Video Transcript Downloader']

/** The toasts on the page, top to bottom. */
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (Alt+T)' }).getByRole('alert')

/**
 * A real mouse's sideways drag of `dx` px across `target`, in small steps, drifting `dy` px up or
 * down on the way as a hand does. The pointer stays where it let go.
 */
async function dragSideways(page: Page, target: Locator, dx: number, dy = 0): Promise<void> {
  const box = (await target.boundingBox())!
  const x = box.x + 100
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 })
  await page.mouse.move(x + dx, y + dy, { steps: 3 })
  await page.mouse.up()
}

test('a 25 px swipe dismisses any toast after another was swiped, even let go of off the toasts', async ({ page }) => {
  await gotoCatalogue(page)
  await categoryTabs(page).getByRole('tab', { name: 'Upcoming Tools' }).click()
  const generate = (name: string) => toolCard(page, name).getByRole('button', { name: /^Generate/ })

  await generate(UPCOMING[0]!).click()
  await expect(toasts(page)).toHaveCount(1)
  // Under the pointer every toast waits (none closes after its 4 s); the other two are raised by keyboard.
  await toasts(page).first().hover()
  await generate(UPCOMING[1]!).press('Enter')
  await generate(UPCOMING[2]!).press('Enter')
  await expect(toasts(page)).toHaveCount(3)
  const [first, second, third] = (await toasts(page).evaluateAll((found) => found.map((toast) => toast.id))).map((id) =>
    page.locator(`[id="${id}"]`),
  )

  await dragSideways(page, first!, 25)
  await expect(first!).toHaveCount(0)
  await second!.hover()

  // The last of the stack, swiped by a hand that drifts down: it lets go below the toasts.
  const { height } = (await third!.boundingBox())!
  await dragSideways(page, third!, 25, height)
  // Back under the pointer, nothing closes by itself: what goes is what the swipe dismissed.
  await second!.hover()
  await expect(third!).toHaveCount(0)
  await expect(second!).toBeVisible()
  await expect(toasts(page)).toHaveCount(1)
})
