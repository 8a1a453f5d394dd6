import { randomUUID } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'

import { BUILDER_ADMIN_EMAILS } from '../playwright.config.ts'
import { expectAccessibleInBothSchemes, followSystemColorScheme } from '../support/accessibility.ts'
import { createVerifiedAccount, expectSignedIn, newAccount } from '../support/accounts.ts'
import { gotoCatalogue, toast, toolCard } from '../support/catalogue.ts'
import { generatorUrl, resultOutput, resultPanel } from '../support/generator.ts'

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

/**
 * An admin address no other test or repetition signs up with: each test that needs one has a slot
 * of five addresses (playwright.config.ts), one per repetition.
 */
function builderAdminEmail(slot: number): string {
  const email = BUILDER_ADMIN_EMAILS[slot * 5 + test.info().repeatEachIndex]
  if (!email) throw new Error(`No builder admin address for slot ${slot}, repetition ${test.info().repeatEachIndex}`)
  return email
}

async function openBuilder(page: Page, path = '/form'): Promise<void> {
  await page.goto(path)
  await expectSignedIn(page)
  await expect(page.getByRole('heading', { level: 1, name: /^(Create a tool|Edit tool)$/ })).toBeVisible()
}

const labelsField = (page: Page) => page.getByRole('combobox', { name: 'Labels' })
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' })
const elementEditor = (page: Page, group: number, index: number) =>
  page.getByRole('group', { name: `Group ${group}, element ${index}` })
const labelOf = (element: Locator) => element.getByRole('textbox', { name: /^Label/ })

interface ToolText {
  name: string
  description: string
}

/** A tool's fields, unique per test run (names and accoNames are unique in the catalogue). */
function uniqueTool(): ToolText & { accoName: string } {
  const suffix = randomUUID().slice(0, 8)
  return { name: `Caption Maker ${suffix}`, accoName: `caption-maker-${suffix}`, description: 'Writes captions.' }
}

/** Fills every required field of a new tool with one text element, its labels picked by keyboard. */
async function fillTool(page: Page, tool: ReturnType<typeof uniqueTool>): Promise<void> {
  await page.getByRole('textbox', { name: /^Name/ }).fill(tool.name)
  await page.getByRole('textbox', { name: /^Acco Name/ }).fill(tool.accoName)
  await page.getByRole('textbox', { name: /^Description/ }).fill(tool.description)
  await page.getByRole('textbox', { name: /^Tagline/ }).fill('Captions in a click')
  await labelsField(page).fill('insta')
  await labelsField(page).press('ArrowDown')
  await labelsField(page).press('Enter')
  await page.getByRole('combobox', { name: /^Group by/ }).selectOption('Instagram')
  await page.getByRole('radio', { name: 'instagram' }).check()
  const element = elementEditor(page, 1, 1)
  await labelOf(element).fill('Topic')
  await element.getByRole('textbox', { name: /^Placeholder/ }).fill('What the post is about')
  await element.getByRole('textbox', { name: /^Prompt fragment/ }).fill('Write a caption about {value}.')
  await page.getByRole('button', { name: 'Add a question' }).click()
  await page.getByRole('textbox', { name: /^Question/ }).fill('What does it cost?')
  await page.getByRole('textbox', { name: /^Answer/ }).fill('One credit a caption.')
}

/** Presses Create tool; answers the new tool's id from the toast, once the page has moved to it. */
async function createTool(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create tool' }).click()
  const created = toast(page, 'Tool created:')
  await expect(created).toBeVisible()
  const id = (await created.textContent())?.match(UUID)?.[0]
  if (!id) throw new Error('The toast names no tool id')
  await expect(page).toHaveURL(new RegExp(`/form\\?id=${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tool' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Name/ })).not.toHaveValue('')
  return id
}

async function searchCatalogue(page: Page, text: string): Promise<void> {
  await gotoCatalogue(page)
  const search = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox')
  await search.fill(text)
  await search.press('Enter')
}

test('the label picker: type-ahead, arrows, Enter, Tab, Backspace and No Results Found', async ({ page }) => {
  await createVerifiedAccount(page)
  await openBuilder(page)
  const field = labelsField(page)
  const chip = (label: string) => page.getByRole('button', { name: `Remove ${label}` })

  await field.fill('TOOLS')
  const list = page.getByRole('listbox', { name: 'Labels suggestions' })
  await expect(list.getByRole('option', { name: 'SEO Tools' })).toBeVisible()
  await expect(list.getByRole('option', { name: 'Instagram' })).toHaveCount(0)
  // At most 300 px high, scrolling beyond.
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('300px')

  await field.fill('image')
  await field.press('ArrowDown')
  await field.press('ArrowDown')
  const resizers = list.getByRole('option', { name: 'Image Resizers' })
  await expect(resizers).toHaveAttribute('aria-selected', 'true')
  await expect(field).toHaveAttribute('aria-activedescendant', (await resizers.getAttribute('id')) ?? '')
  await field.press('ArrowDown') // wraps to the first
  await expect(list.getByRole('option', { name: 'Image Generator' })).toHaveAttribute('aria-selected', 'true')
  await field.press('Enter')
  await expect(chip('Image Generator')).toBeVisible()
  await expect(field).toHaveValue('')
  await expect(field).toBeFocused()

  await field.fill('news')
  await field.press('ArrowDown')
  await field.press('Tab')
  await expect(chip('Newsletters')).toBeVisible()
  await expect(field).toBeFocused()

  // Nothing highlighted: Enter adds the typed text, in the listed spelling when it is a listed label.
  await field.fill('seo tools')
  await field.press('Enter')
  await expect(chip('SEO Tools')).toBeVisible()

  await field.fill('zzz')
  await expect(page.getByRole('status').filter({ hasText: 'No Results Found' })).toBeVisible()
  await expect(page.getByRole('listbox', { name: 'Labels suggestions' })).toHaveCount(0)
  await field.press('Tab')
  await expect(chip('zzz')).toBeVisible()

  await field.press('Backspace')
  await expect(chip('zzz')).toHaveCount(0)
  await expect(chip('SEO Tools')).toBeVisible()
  await field.press('Escape')
  await expect(field).toHaveAttribute('aria-expanded', 'false')
})

test('the preview follows the draft, and elements reorder by keyboard', async ({ page }) => {
  await createVerifiedAccount(page)
  await openBuilder(page)
  const shown = preview(page)

  await page.getByRole('textbox', { name: /^Name/ }).fill('Hashtag Helper')
  await expect(shown.getByTestId('preview-name')).toHaveText('Hashtag Helper')
  await page.getByRole('textbox', { name: /^Description/ }).fill('Finds hashtags for a post.')
  await expect(shown.getByText('Finds hashtags for a post.')).toBeVisible()

  const first = elementEditor(page, 1, 1)
  await labelOf(first).fill('Post text')
  await expect(shown.getByRole('textbox', { name: 'Post text' })).toBeVisible()

  await page.getByRole('button', { name: 'Add element to group 1' }).click()
  const second = elementEditor(page, 1, 2)
  await expect(labelOf(second)).toBeFocused()
  await labelOf(second).fill('Platform')
  await second.getByRole('combobox', { name: 'Type' }).selectOption('select')
  await second.getByRole('button', { name: 'Add option' }).click()
  await second.getByRole('textbox', { name: 'Option 1' }).fill('Instagram')
  await second.getByRole('button', { name: 'Add option' }).click()
  await second.getByRole('textbox', { name: 'Option 2' }).fill('TikTok')
  const platform = shown.getByRole('combobox', { name: 'Platform' })
  await expect(platform.getByRole('option', { name: 'TikTok' })).toBeAttached()

  // The preview's fields in order: the text field first, then the list.
  const previewFields = shown.locator(':is(input, textarea, select)[id^="generator-field-"]')
  await expect(previewFields).toHaveCount(2)
  await expect(previewFields.nth(0)).toHaveAccessibleName('Post text')

  // dnd-kit's keyboard sensor: Space picks the element up, an arrow moves it, Space drops it. Each
  // step waits for what a screen reader is told, so the next key never comes before the sensor is ready.
  const announced = (text: string) => page.getByRole('status').filter({ hasText: text })
  const handle = page.getByRole('button', { name: 'Drag element 2 of group 1' })
  await handle.focus()
  await handle.press('Space')
  // Picked up, it is at once over its own place: the live region says that last.
  await expect(announced('element 2 of group 1 is over position 2 of 2.')).toBeAttached()
  // The sensor starts listening for arrows in a timer it set as it picked the element up, which
  // can fire after the announcement is shown: a timer set now fires after it (timers run in order).
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)))
  await handle.press('ArrowUp')
  await expect(announced('element 2 of group 1 is over position 1 of 2.')).toBeAttached()
  await handle.press('Space')
  await expect(announced('dropped at position 1 of 2.')).toBeAttached()
  await expect(labelOf(elementEditor(page, 1, 1))).toHaveValue('Platform')
  await expect(previewFields.nth(0)).toHaveAccessibleName('Platform')

  // And the buttons, for anyone who does not drag.
  await page.getByRole('button', { name: 'Move element 1 of group 1 down' }).click()
  await expect(labelOf(elementEditor(page, 1, 1))).toHaveValue('Post text')
  await expect(previewFields.nth(0)).toHaveAccessibleName('Post text')

  await page.getByRole('button', { name: 'Add a group' }).click()
  await expect(labelOf(elementEditor(page, 2, 1))).toBeFocused()
  await labelOf(elementEditor(page, 2, 1)).fill('Tone of voice')
  await expect(shown.getByRole('textbox', { name: 'Tone of voice' })).toBeVisible()
  await expect(previewFields).toHaveCount(3)
})

test('an admin creates a catalogue tool, runs it, updates it and deletes it', async ({ page, context }) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await createVerifiedAccount(page, newAccount({ email: builderAdminEmail(0) }))
  await openBuilder(page)
  await expect(page.getByText('Tools saved here go into the catalogue for everyone.')).toBeVisible()
  const tool = uniqueTool()
  await fillTool(page, tool)
  const id = await createTool(page)
  await expect(toast(page, `Tool created: ${id} (id copied to the clipboard)`)).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id)
  await expect(page.getByRole('switch', { name: 'Published in the catalogue' })).toBeChecked()

  await searchCatalogue(page, tool.name)
  await expect(toolCard(page, tool.name)).toBeVisible()

  await page.goto(generatorUrl(id))
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible()
  await page.getByRole('textbox', { name: /Topic/ }).fill('a sunny beach')
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled({ timeout: 20_000 })
  await expect(resultOutput(page)).not.toBeEmpty()

  await openBuilder(page, `/form?id=${id}`)
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(tool.name)
  await page.getByRole('textbox', { name: /^Description/ }).fill('Writes captions that sell.')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Tool saved')).toBeVisible()
  await page.goto(generatorUrl(id))
  await expect(page.getByText('Writes captions that sell.')).toBeVisible()

  await openBuilder(page, `/form?id=${id}`)
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this tool?' })
  await dialog.getByRole('button', { name: 'Delete tool' }).click()
  await expect(toast(page, `“${tool.name}” deleted`)).toBeVisible()
  await expect(page).toHaveURL(/\/form$/)

  await page.goto(generatorUrl(id))
  await expect(page.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible()
  await searchCatalogue(page, tool.name)
  await expect(page.getByText('No tools found')).toBeVisible()
})

test('a user builds a private tool, tries it, and only they can open it', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await createVerifiedAccount(page)
  await openBuilder(page)
  await expect(page.getByText('Tools you build here are private: only you can find and run them.')).toBeVisible()
  const tool = uniqueTool()
  await fillTool(page, tool)
  const id = await createTool(page)
  await expect(page.getByRole('switch', { name: 'Published in the catalogue' })).toHaveCount(0)

  // Try it: the saved tool, generated like any other, from the preview.
  await preview(page).getByRole('textbox', { name: /Topic/ }).fill('a mountain hike')
  await preview(page).getByRole('button', { name: 'Try it' }).click()
  await expect(preview(page).getByRole('button', { name: 'Try it' })).toBeEnabled({ timeout: 20_000 })
  await expect(resultPanel(page).getByRole('status').filter({ hasText: /^Done/ })).toBeVisible()
  await expect(resultOutput(page)).not.toBeEmpty()

  await page.goto(generatorUrl(id))
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /Topic/ })).toBeVisible()

  await searchCatalogue(page, tool.name)
  await expect(page.getByText('No tools found')).toBeVisible()

  // Its owner finds it in My Tools.
  await gotoCatalogue(page, '/?mytools')
  await expect(page.getByRole('tab', { name: 'My Tools' })).toHaveAttribute('aria-selected', 'true')
  await expect(toolCard(page, tool.name)).toBeVisible()

  const other = await (await browser.newContext()).newPage()
  await createVerifiedAccount(other)
  await other.goto(generatorUrl(id))
  await expect(other.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible()
  await openBuilder(other, `/form?id=${id}`)
  await expect(other.getByText('This tool does not exist, or it is not yours to edit.')).toBeVisible()
  await other.context().close()
})

test('the builder passes axe, with its messages and the label list showing', async ({ page }) => {
  test.setTimeout(120_000)
  await followSystemColorScheme(page)
  await createVerifiedAccount(page, newAccount({ email: builderAdminEmail(1) }))
  await openBuilder(page)
  await page.getByRole('button', { name: 'Create tool' }).click()
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeFocused()
  await expect(page.getByText('Every element needs a label')).toBeVisible()
  await labelsField(page).fill('tools')
  await labelsField(page).press('ArrowDown')
  const suggestions = page.getByRole('listbox', { name: 'Labels suggestions' })
  await expect(suggestions.getByRole('option', { selected: true })).toBeVisible()
  await expectAccessibleInBothSchemes(page, '/form')
})
