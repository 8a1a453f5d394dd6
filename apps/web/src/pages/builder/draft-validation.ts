import type { FormErrors } from '@mantine/form'

import { FORM_NEEDED_MESSAGE, type ToolKind } from '@promptly/core/catalogue/tool'
import { toolBuilderInput } from '@promptly/core/catalogue/tool-builder'

import { toBuilderInput, type ToolDraft } from './tool-draft.ts'

/**
 * The draft checked by the API's own schema (core's toolBuilderInput), each message put on the
 * field it is about. The one rule the schema cannot know, a generic tool's need for a form, comes
 * from the same core message the server answers with.
 */
export function validateDraft(draft: ToolDraft, kind: ToolKind = 'generic'): FormErrors {
  const errors: FormErrors = {}
  const result = toolBuilderInput.safeParse(toBuilderInput(draft))
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = formPath(issue.path)
      errors[path] ??= issue.message
    }
  }
  if (kind === 'generic' && draft.groups.length === 0) errors.groups ??= FORM_NEEDED_MESSAGE
  return errors
}

/**
 * Where an API path sits in the draft: a group's elements are under `elements` (the draft keeps a
 * key beside them), and every label's message belongs to the one label picker.
 */
export function formPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String)
  if (head === 'labels') return 'labels'
  if (head === 'groups' && rest.length > 0) {
    const [group, ...inGroup] = rest
    return ['groups', group, 'elements', ...inGroup].join('.')
  }
  return [head, ...rest].join('.')
}
