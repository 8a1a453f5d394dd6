import type { Page } from '@playwright/test'

import { renderedElementType } from '@promptly/core/catalogue/form-element-types'
import type { FormElement } from '@promptly/core/catalogue/tool'

import type { SeededForm } from './longest-seeded-form.ts'

/**
 * A person's typing pace (about 8 keys a second). Keys sent back to back would queue behind each
 * other's work, and each would wait for all those before it: that measures throughput, not how
 * soon a key shows.
 */
export const KEY_GAP_MS = 120

/** A few words per text field, a different line for each. */
const PHRASES = [
  'Sourdough bakery in Leeds',
  'Fresh bread and honest baking tips',
  'Order by Friday for Saturday pickup',
  'Small team, big ovens',
]

/** How long the streamed answer may take on a slowed phone on a busy machine: a ceiling, not an expectation. */
const GENERATION_CEILING_MS = 120_000

/**
 * What a signed-in visitor does on the tool's page, as touches and keys: fills the form in, presses
 * Generate and waits for the whole answer, then opens the generation from History and closes it.
 */
export async function generatorJourney(page: Page, form: SeededForm, toolId: string): Promise<void> {
  await page.goto(`/generate?id=${toolId}`)
  // Live once hydrated: the button is disabled until then (HydratedFormControls).
  await page.getByRole('button', { name: 'Generate', exact: true }).and(page.locator(':enabled')).waitFor()
  await fillForm(page, form)
  await page.getByRole('button', { name: 'Generate', exact: true }).tap()
  // Done when the button reads Regenerate again, enabled: the stream has ended and the panel says so.
  await page
    .getByRole('button', { name: 'Regenerate', exact: true })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: GENERATION_CEILING_MS })
  await openAndCloseFromHistory(page, form.name)
}

/**
 * Fills every field as a person would: types a few words into each text field, picks an option of
 * each select, turns each switch over, picks another tone and then another; then two variants and
 * back to one. Fields are found by the generator page's ids and roles (the bare form has the same).
 */
export async function fillForm(page: Page, form: SeededForm): Promise<void> {
  let phrase = 0
  for (const { element, group, index } of form.elements) {
    const field = page.locator(`#generator-field-${group}-${index}`)
    switch (renderedElementType(element.type)) {
      case 'select':
        await pickOption(page, field)
        break
      case 'tone':
        await switchTone(page, element)
        break
      case 'switch':
        await page.getByRole('switch', { name: element.text }).tap()
        break
      case 'checkbox':
        await page.getByRole('checkbox', { name: element.text }).tap()
        break
      default:
        await field.tap()
        await page.keyboard.type(PHRASES[phrase++ % PHRASES.length]!, { delay: KEY_GAP_MS })
    }
  }
  const variants = page.getByRole('radiogroup', { name: 'Variants' })
  await variants.getByText('2', { exact: true }).tap()
  await variants.getByText('1', { exact: true }).tap()
}

/** Opens a select with a touch and picks its first real option (the placeholder is disabled) by key. */
async function pickOption(page: Page, select: ReturnType<Page['locator']>): Promise<void> {
  await select.tap()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  if ((await select.inputValue()) === '') throw new Error('the select kept its placeholder')
}

/** Picks the tone's third option, then its second: a visitor trying tones out. */
async function switchTone(page: Page, element: FormElement): Promise<void> {
  const tones = page.getByRole('radiogroup', { name: element.text })
  for (const option of [element.options[2], element.options[1]]) {
    if (option !== undefined) await tones.getByRole('radio', { name: option }).tap()
  }
}

/** Account menu, History, the newest entry's Open, and the dialog's Close. */
async function openAndCloseFromHistory(page: Page, toolName: string): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).tap()
  await page.getByRole('menuitem', { name: 'History' }).tap()
  const newest = page.getByTestId('history-item').first()
  await newest.getByRole('button', { name: /^Open/ }).tap()
  const dialog = page.getByRole('dialog', { name: toolName })
  await dialog.getByTestId('history-output').waitFor()
  await dialog.getByRole('button', { name: 'Close' }).tap()
  await dialog.waitFor({ state: 'hidden' })
}
