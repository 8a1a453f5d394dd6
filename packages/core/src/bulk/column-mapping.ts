import { z } from 'zod'

import { renderedElementType } from '../catalogue/form-element-types.ts'
import type { FormElement, FormGroups } from '../catalogue/tool.ts'
import { requiredFieldMessage } from '../generation/form-value-rules.ts'
import type { GenerationValue, GenerationValues } from '../generation/form-values.ts'

/**
 * Which CSV column fills which field of a tool's form in a bulk run, and the form values one CSV
 * row makes. The values are what a single run's form would send, so the row is then checked by the
 * same rules (row-check.ts) and nothing here decides whether a row is good.
 */

/** How a field reads its cell: as text, as one of its options, or as on/off. */
export type FormFieldKind = 'text' | 'choice' | 'toggle'

/** One field of the form, as the mapping screen lists it. */
export interface FormField {
  /** `${group}.${index}`: where the field sits, the key of the column mapping. */
  key: string
  group: number
  index: number
  /** The element's label. */
  label: string
  placeholder: string
  /** Whether a row must fill it: a switch, a checkbox or a tone has a default, so it never must. */
  required: boolean
  kind: FormFieldKind
  /** A choice's options, or a toggle's values when on and off; empty for text. */
  options: string[]
}

/** Field key -> the index of the column that fills it, or null for none (the field keeps its default). */
export const columnMapping = z.record(z.string(), z.number().int().min(0).nullable())
export type ColumnMapping = z.infer<typeof columnMapping>

export function fieldKey(group: number, index: number): string {
  return `${group}.${index}`
}

/** Every field of the form, in the form's order (each element takes a value; see resolveFormValues). */
export function formFields(groups: FormGroups): FormField[] {
  return groups.flatMap((elements, group) =>
    elements.map((element, index) => ({
      key: fieldKey(group, index),
      group,
      index,
      label: element.text,
      placeholder: element.placeholder,
      // The product's own required rule, asked about an empty value.
      required: requiredFieldMessage(element, '') !== null,
      kind: fieldKind(element),
      options: element.options,
    })),
  )
}

function fieldKind(element: FormElement): FormFieldKind {
  const type = renderedElementType(element.type)
  if (type === 'switch' || type === 'checkbox') return 'toggle'
  if (type === 'select' || type === 'tone') return 'choice'
  return 'text'
}

/** A name as the mapping compares it: "Account name", "account_name" and "ACCOUNT-NAME:" are the same. */
function foldName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/**
 * The mapping the screen starts from: a column named like a field's label (or, failing that, its
 * placeholder) fills that field, each column at most one. A file with no such names but exactly one
 * column per field is taken in the form's order. Every field has an entry; unmatched ones are null.
 */
export function defaultColumnMapping(header: readonly string[], groups: FormGroups): ColumnMapping {
  const fields = formFields(groups)
  const mapping: ColumnMapping = Object.fromEntries(fields.map((field) => [field.key, null]))
  const columns = header.map(foldName)
  const used = new Set<number>()
  // Labels first across the whole form, so one field's placeholder cannot take another's label column.
  for (const side of ['label', 'placeholder'] as const) {
    for (const field of fields) {
      const name = foldName(field[side])
      if (mapping[field.key] !== null || name === '') continue
      const column = columns.findIndex((candidate, index) => candidate === name && !used.has(index))
      if (column === -1) continue
      mapping[field.key] = column
      used.add(column)
    }
  }
  if (used.size === 0 && header.length === fields.length) {
    for (const [column, field] of fields.entries()) mapping[field.key] = column
  }
  return mapping
}

/** What keeps a mapping from running, as messages for the mapping screen; none when it can run. */
export function mappingProblems(mapping: ColumnMapping, header: readonly string[], groups: FormGroups): string[] {
  const fields = formFields(groups)
  const problems: string[] = []
  let mapped = 0
  for (const field of fields) {
    const column = mapping[field.key] ?? null
    if (column === null) {
      if (field.required) problems.push(`The required field '${field.label}' has no column`)
    } else if (column >= header.length) {
      problems.push(
        `The field '${field.label}' is set to column ${column + 1}, ` +
          `but the file has ${header.length} ${header.length === 1 ? 'column' : 'columns'}`,
      )
    } else {
      mapped += 1
    }
  }
  const keys = new Set(fields.map((field) => field.key))
  for (const key of Object.keys(mapping)) {
    if (!keys.has(key)) problems.push(`This tool's form has no field '${key}'`)
  }
  // With nothing mapped every row would make the same prompt from the defaults: one answer, paid N times.
  if (mapped === 0 && problems.length === 0) problems.push('Choose a column for at least one field')
  return problems
}

const TOGGLE_ON = new Set(['true', 'yes', '1', 'on'])
const TOGGLE_OFF = new Set(['false', 'no', '0', 'off'])

/**
 * The form values one CSV row makes: each mapped field takes its cell, trimmed; toggles read
 * true/false, yes/no, 1/0 and on/off in any case. An unmapped or empty field sends '', which the
 * form reads as its default (empty text, a switch on, a tone's first option). Anything else is sent
 * as it is, so the row check names the field it does not fit.
 */
export function valuesFromCells(
  cells: readonly string[],
  mapping: ColumnMapping,
  groups: FormGroups,
): GenerationValues {
  return groups.map((elements, group) =>
    elements.map((element, index): GenerationValue => {
      const column = mapping[fieldKey(group, index)] ?? null
      const cell = column === null ? '' : (cells[column] ?? '').trim()
      return fieldKind(element) === 'toggle' ? toggleValue(cell) : cell
    }),
  )
}

function toggleValue(cell: string): GenerationValue {
  const word = cell.toLowerCase()
  if (TOGGLE_ON.has(word)) return true
  if (TOGGLE_OFF.has(word)) return false
  return cell
}
