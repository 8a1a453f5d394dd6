import { readFileSync } from 'node:fs'
import path from 'node:path'

import { isUpcoming, toolWriteInput, type FormElement } from '@promptly/core/catalogue/tool'

import { repoRoot } from '../built-portal.ts'

/** A seeded generic tool: its name (the catalogue's key for it here) and its form, element by element. */
export interface SeededForm {
  name: string
  /** Every element with its place in the form: group (row) and index in the row. */
  elements: { element: FormElement; group: number; index: number }[]
}

/**
 * The seeded generic tool with the most form elements (the first in the file on a tie): the longest
 * form a visitor fills in, so the most fields that re-render on a keystroke. Read from the seed data
 * through the schema the seeding goes through.
 */
export function longestSeededForm(): SeededForm {
  const raw: unknown = JSON.parse(readFileSync(path.join(repoRoot, 'prisma/seed/tools.json'), 'utf8'))
  if (!Array.isArray(raw)) throw new Error('prisma/seed/tools.json is not a list of tools')
  const forms = raw
    .map((entry) => toolWriteInput.parse(entry))
    .filter((tool) => tool.kind === 'generic' && !isUpcoming(tool.labels))
    .map((tool) => ({
      name: tool.name,
      elements: tool.groups.flatMap((row, group) => row.map((element, index) => ({ element, group, index }))),
    }))
  const longest = forms.reduce<SeededForm | null>(
    (best, form) => (best === null || form.elements.length > best.elements.length ? form : best),
    null,
  )
  if (!longest) throw new Error('the seed data has no generic tool')
  return longest
}

/** The id the running portal gave the tool named `name`, from the public catalogue. */
export async function toolIdByName(origin: string, name: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
  const response = await fetch(`${origin}/trpc/tools.byCategory?input=${input}`)
  if (!response.ok) throw new Error(`tools.byCategory answered ${response.status}`)
  const body = (await response.json()) as { result: { data: { json: { id: string; name: string }[] } } }
  const tool = body.result.data.json.find((candidate) => candidate.name === name)
  if (!tool) throw new Error(`the catalogue does not list ${name}`)
  return tool.id
}
