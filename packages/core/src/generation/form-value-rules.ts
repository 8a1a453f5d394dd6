import { renderedElementType } from '../catalogue/form-element-types.ts'
import type { FormElement } from '../catalogue/tool.ts'

/**
 * The bounds and the required rule of a tool's form values, without their schemas (form-values.ts):
 * the generator page checks a form with these before it sends anything, without loading the
 * validation library; the server applies the same rule when it reads the values.
 */

/** The same bounds the tool-builder puts on a form (packages/core/src/catalogue/tool.ts). */
export const MAX_VALUE_ROWS = 10
export const MAX_VALUES_PER_ROW = 20
/** Long enough for an article to summarise or rewrite; a prompt is never larger than this in total. */
export const MAX_VALUE_LENGTH = 10_000
export const MAX_TOTAL_VALUE_LENGTH = 20_000

/**
 * The spec's required rule (section 5) for one field, as the browser's form and the server both
 * apply it: a required element that is not a switch or checkbox must be non-empty, else
 * '{placeholder} is required'. A tone is never empty: it falls back to its first option.
 * Returns null when the value passes. Any value is taken (a GenerationValue, or none): only a
 * non-empty string fills a field, so this half needs no schema's type.
 */
export function requiredFieldMessage(element: FormElement, value: unknown): string | null {
  if (!element.required) return null
  const type = renderedElementType(element.type)
  if (type === 'switch' || type === 'checkbox' || type === 'tone') return null
  if (typeof value === 'string' && value.trim() !== '') return null
  return `${element.placeholder || element.text} is required`
}
