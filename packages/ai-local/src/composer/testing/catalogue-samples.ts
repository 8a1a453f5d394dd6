import { formGroups, type FormElement, type FormGroups } from '@promptly/core/catalogue/tool'
import { composePrompt } from '@promptly/core/generation/compose-prompt'

import seedTools from '../../../../../prisma/seed/tools.json' with { type: 'json' }

/** A seeded generator tool with what a user might type into its form, and the prompt it makes. */
export interface ToolSample {
  name: string
  groups: FormGroups
  values: Array<Array<string | boolean>>
  system: string
  prompt: string
}

/**
 * What a user might type: the placeholder's example ("e.g. ...") or a plausible answer; choices
 * rotate with `variant`, so different variants pick other options (lengths, formats, counts).
 */
function sampleValue(element: FormElement, index: number): string | boolean {
  if (element.type === 'switch' || element.type === 'checkbox') return index % 2 === 0
  if (element.type === 'tone' || element.type === 'select') return element.options[index % element.options.length] ?? ''
  const example = /^e\.g\.\s*(.+)$/i.exec(element.placeholder)?.[1]
  const text = element.text.toLowerCase()
  return example ?? `The quick harbour ferry to Lindisfarne runs twice a day. It carries ${text} notes.`
}

/** Every generator tool of prisma/seed/tools.json (not the dedicated ones), filled in one way. */
export function catalogueSamples(variant = 0): ToolSample[] {
  return seedTools
    .filter((tool) => !('kind' in tool) && tool.groups.length > 0)
    .map((tool) => {
      const groups = formGroups.parse(tool.groups)
      const values = groups.map((group, g) => group.map((element, i) => sampleValue(element, g + i + variant)))
      return { name: tool.name, groups, values, ...composePrompt(groups, values) }
    })
}
