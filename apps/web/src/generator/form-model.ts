import type { TFunction } from 'i18next'

import type { FormElementView } from '@promptly/api/tools/tool.schema'
import { renderedElementType } from '@promptly/core/catalogue/form-element-types'
import { requiredFieldMessage } from '@promptly/core/generation/form-value-rules'
import type { GenerationValue, GenerationValues } from '@promptly/core/generation/form-values'

/**
 * The generic generator form's values, kept in exactly the shape `generation.run` sends: one row
 * per group of the tool, one value per element, in order (spec section 7's `groups`). Text-like
 * fields hold strings; switches and checkboxes hold booleans.
 */
export interface GeneratorFormValues {
  groups: GenerationValues
}

export type ToolGroups = readonly (readonly FormElementView[])[]

/** The form path of one element's value, as @mantine/form addresses it. */
export function fieldPath(group: number, index: number): `groups.${number}.${number}` {
  return `groups.${group}.${index}`
}

/**
 * The starting values (spec section 3's defaults): empty text, switches and checkboxes on, a tone on
 * its first option, a select unanswered. `previous` (the values of an earlier generation, for 'Run
 * again') fills in what it can; a value that no longer fits the tool's form falls back to the default.
 */
export function initialFormValues(groups: ToolGroups, previous?: GenerationValues | null): GeneratorFormValues {
  return {
    groups: groups.map((elements, group) =>
      elements.map((element, index) => initialValue(element, previous?.[group]?.[index])),
    ),
  }
}

function initialValue(element: FormElementView, previous: GenerationValue | undefined): GenerationValue {
  const type = renderedElementType(element.type)
  if (type === 'switch' || type === 'checkbox') return toggleValue(element, previous)
  const text = typeof previous === 'string' ? previous : ''
  if (type === 'tone' || type === 'select') {
    const option = element.options.find((candidate) => candidate.toLowerCase() === text.trim().toLowerCase())
    if (option !== undefined) return option
    return type === 'tone' ? (element.options[0] ?? '') : ''
  }
  return text
}

/** On unless told otherwise; the legacy client stored the chosen option (first = on, second = off). */
function toggleValue(element: FormElementView, previous: GenerationValue | undefined): boolean {
  if (typeof previous === 'boolean') return previous
  if (previous === undefined) return true
  const text = previous.trim().toLowerCase()
  if (text === 'false' || text === 'off') return false
  return element.options.findIndex((option) => option.toLowerCase() === text) !== 1
}

export interface FieldError {
  path: `groups.${number}.${number}`
  message: string
}

/**
 * The spec's required rule (section 5) over the whole form, in the form's order: core decides (the
 * same rule the server applies), the message ('{placeholder} is required') is said in the page's
 * language around the field's own, admin-written name.
 */
export function missingRequiredFields(
  groups: ToolGroups,
  values: GeneratorFormValues,
  t: TFunction<'generator'>,
): FieldError[] {
  const errors: FieldError[] = []
  groups.forEach((elements, group) => {
    elements.forEach((element, index) => {
      if (requiredFieldMessage(element, values.groups[group]?.[index]) === null) return
      const message = t('generator.form.required', { field: element.placeholder || element.text })
      errors.push({ path: fieldPath(group, index), message })
    })
  })
  return errors
}

/**
 * Whether the required rule (missingRequiredFields) refuses any field: asked on every key press, so
 * without building the words.
 */
export function hasMissingRequiredField(groups: ToolGroups, values: GeneratorFormValues): boolean {
  return groups.some((elements, group) =>
    elements.some((element, index) => requiredFieldMessage(element, values.groups[group]?.[index]) !== null),
  )
}

/** What `generation.run` receives as `groups`: the rows, with text trimmed. */
export function valuesToSend(values: GeneratorFormValues): GenerationValues {
  return values.groups.map((row) => row.map((value) => (typeof value === 'string' ? value.trim() : value)))
}
