import type { Page } from '@playwright/test'

import { renderedElementType } from '@promptly/core/catalogue/form-element-types'

import { fillForm } from './generator-journey.ts'
import type { SeededForm } from './longest-seeded-form.ts'

/** Where the bare form is answered: on the portal's origin, but never asked of the portal itself. */
const BARE_FORM_PATH = '/__bench/bare-form'

/**
 * The baseline: the same fields, ids and names as the tool's form, in plain HTML with no script of
 * its own, filled in the same way on the same slowed phone. Its INP is what the browser and this
 * machine cost by themselves; its spread over the runs is the bench's noise floor.
 */
export async function bareFormJourney(page: Page, form: SeededForm): Promise<void> {
  await page.route(`**${BARE_FORM_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: bareFormHtml(form) }),
  )
  await page.goto(BARE_FORM_PATH)
  await fillForm(page, form)
  await page.getByRole('button', { name: 'Generate', exact: true }).tap()
}

function bareFormHtml(form: SeededForm): string {
  const fields = form.elements.map(({ element, group, index }) => {
    const id = `generator-field-${group}-${index}`
    const label = escapeHtml(element.text)
    const options = element.options.map(escapeHtml)
    switch (renderedElementType(element.type)) {
      case 'select': {
        const choices = options.map((option) => `<option>${option}</option>`).join('')
        const placeholder = '<option value="" disabled selected>-</option>'
        return `<label for="${id}">${label}</label><select id="${id}">${placeholder}${choices}</select>`
      }
      case 'tone':
        return radioGroup(id, label, options)
      case 'switch':
        return `<label><input type="checkbox" role="switch" checked aria-label="${label}">${label}</label>`
      case 'checkbox':
        return `<label><input type="checkbox" checked aria-label="${label}">${label}</label>`
      case 'textarea':
      case 'paraphrase':
        return `<label for="${id}">${label}</label><textarea id="${id}" rows="4"></textarea>`
      default:
        return `<label for="${id}">${label}</label><input id="${id}">`
    }
  })
  return `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare form</title></head><body><form onsubmit="return false">
${fields.map((field) => `<p>${field}</p>`).join('\n')}
${radioGroup('variants', 'Variants', ['1', '2', '3'])}
<button type="submit">Generate</button></form></body></html>`
}

function radioGroup(id: string, label: string, options: string[]): string {
  const radios = options.map(
    (option, n) =>
      `<label><input type="radio" name="${id}" value="${option}"${n === 0 ? ' checked' : ''}>${option}</label>`,
  )
  return `<div role="radiogroup" id="${id}" aria-label="${label}">${radios.join(' ')}</div>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)
}
