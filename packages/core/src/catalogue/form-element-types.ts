/**
 * The element types of a tool's form, and how the generator page renders each: without the tool's
 * schemas (tool.ts), so the page draws a form without loading the validation library.
 */

/** Element types the generator page renders; anything else renders as a plain text input. */
export const FORM_ELEMENT_TYPES = [
  'text',
  'input',
  'textarea',
  'select',
  'switch',
  'checkbox',
  'tone',
  'paraphrase',
] as const
export type FormElementType = (typeof FORM_ELEMENT_TYPES)[number]

/** The builder's "other" choice: the element's `otherType` text becomes its type when saved. */
export const OTHER_ELEMENT_TYPE = 'other'

/** How the generator page renders an element of this type (spec: unknown types are a text input). */
export function renderedElementType(type: string): FormElementType {
  return (FORM_ELEMENT_TYPES as readonly string[]).includes(type) ? (type as FormElementType) : 'input'
}
