import { z } from 'zod'

import { renderedElementType } from '../catalogue/form-element-types.ts'
import { type FormElement, type FormGroups } from '../catalogue/tool.ts'
import { noControlCharacters } from '../text/control-characters.ts'
import { FREE_TEXT_CONTROL_MESSAGE } from '../text/unsafe-characters.ts'
import {
  MAX_TOTAL_VALUE_LENGTH,
  MAX_VALUE_LENGTH,
  MAX_VALUE_ROWS,
  MAX_VALUES_PER_ROW,
  requiredFieldMessage,
} from './form-value-rules.ts'

/**
 * The values a client sends for a tool's form (spec section 7, getResponseOfObject): `groups` is a
 * list of rows, one per group of the tool, each row holding one value per element of that group,
 * in order. Text fields send strings; switches and checkboxes send true/false (the legacy client
 * may send the chosen option's text instead, which is accepted too). The server owns the prompt:
 * it reads these values against the stored tool and never takes prompt text from the client.
 */

export const generationValue = z.union([
  z
    .string()
    .max(MAX_VALUE_LENGTH, `A field can hold at most ${MAX_VALUE_LENGTH} characters`)
    // Kept with the generation as jsonb, which refuses NUL: a 400 here, never a database error.
    .check(noControlCharacters(FREE_TEXT_CONTROL_MESSAGE, { freeText: true })),
  z.boolean(),
])
export type GenerationValue = z.infer<typeof generationValue>

export const generationValues = z
  .array(z.array(generationValue).max(MAX_VALUES_PER_ROW, `A row holds at most ${MAX_VALUES_PER_ROW} values`))
  .max(MAX_VALUE_ROWS, `At most ${MAX_VALUE_ROWS} rows of values`)
  .refine(
    (rows) =>
      rows.flat().reduce((total, value) => total + (typeof value === 'string' ? value.length : 0), 0) <=
      MAX_TOTAL_VALUE_LENGTH,
    `All fields together can hold at most ${MAX_TOTAL_VALUE_LENGTH} characters`,
  )
export type GenerationValues = z.infer<typeof generationValues>

/** One element of the form with the value that goes into the prompt. */
export interface ResolvedField {
  element: FormElement
  /** Where the element sits: group (row) and position in it. */
  group: number
  index: number
  /** The text put in place of the element's placeholder. */
  value: string
  /** False for an empty optional field or a toggle that is off with nothing to say: left out of the prompt. */
  included: boolean
}

export type ResolvedValues = { ok: true; fields: ResolvedField[] } | { ok: false; message: string }

/**
 * Reads the client's rows against the tool's groups: applies the defaults (empty text, switch and
 * checkbox on, tone on its first option), the required rule and the option lists, and rejects rows
 * that do not fit the form. Missing trailing rows or values take the defaults, as the legacy client
 * relied on; extra ones are an error, since they would mean the client's form is not this tool's.
 */
export function resolveFormValues(groups: FormGroups, rows: GenerationValues): ResolvedValues {
  if (rows.length > groups.length) {
    return {
      ok: false,
      message:
        `This tool's form has ${groups.length} ${plural(groups.length, 'group')} ` +
        `of fields, but ${rows.length} rows of values were sent`,
    }
  }
  const fields: ResolvedField[] = []
  for (const [group, elements] of groups.entries()) {
    const row = rows[group] ?? []
    if (row.length > elements.length) {
      return {
        ok: false,
        message:
          `Group ${group + 1} of this tool's form has ${elements.length} ${plural(elements.length, 'field')}, ` +
          `but ${row.length} values were sent for it`,
      }
    }
    for (const [index, element] of elements.entries()) {
      const resolved = resolveElementValue(element, row[index])
      if (!resolved.ok) return resolved
      fields.push({ element, group, index, value: resolved.value, included: resolved.included })
    }
  }
  return { ok: true, fields }
}

type ResolvedValue = { ok: true; value: string; included: boolean } | { ok: false; message: string }

const included = (value: string): ResolvedValue => ({ ok: true, value, included: value !== '' })

/** The prompt value of one element for what the client sent (undefined: nothing sent). */
export function resolveElementValue(element: FormElement, sent: GenerationValue | undefined): ResolvedValue {
  const type = renderedElementType(element.type)
  if (type === 'switch' || type === 'checkbox') return resolveToggle(element, sent)
  if (typeof sent === 'boolean') return { ok: false, message: `${element.text} expects text, not ${sent}` }
  const text = (sent ?? '').trim()
  if (type === 'tone' || type === 'select') {
    if (text === '') {
      // The spec's default for a tone is its first option; an empty select is just unanswered.
      if (type === 'tone') return included(element.options[0] ?? '')
    } else {
      const option = element.options.find((candidate) => candidate.toLowerCase() === text.toLowerCase())
      if (option === undefined) return { ok: false, message: `Choose one of the listed options for ${element.text}` }
      return included(option)
    }
  }
  const missing = requiredFieldMessage(element, text)
  if (missing !== null) return { ok: false, message: missing }
  return included(text)
}

/**
 * Switches and checkboxes (spec sections 3 and 5): on sends the first option, off the second, and
 * they are on unless the client says otherwise. A toggle without that option (checkboxes need no
 * options in the builder) contributes its fragment alone when on and nothing when off.
 */
function resolveToggle(element: FormElement, sent: GenerationValue | undefined): ResolvedValue {
  const on = toggleState(element, sent)
  if (on === null) return { ok: false, message: `${element.text} must be on or off` }
  const option = element.options[on ? 0 : 1]
  if (option !== undefined) return included(option)
  return { ok: true, value: '', included: on && element.gpt !== '' }
}

function toggleState(element: FormElement, sent: GenerationValue | undefined): boolean | null {
  if (sent === undefined || typeof sent === 'boolean') return sent ?? true
  const text = sent.trim().toLowerCase()
  if (text === '' || text === 'true' || text === 'on') return true
  if (text === 'false' || text === 'off') return false
  // The legacy client sends the option itself: the first means on, the second off.
  const position = element.options.findIndex((option) => option.toLowerCase() === text)
  return position === 0 ? true : position === 1 ? false : null
}

function plural(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`
}
