import type { FormErrors } from '@mantine/form'
import type { ParseKeys, TFunction } from 'i18next'
import type { z } from 'zod'

import type { ToolKind } from '@promptly/core/catalogue/tool'
import { toolBuilderInput } from '@promptly/core/catalogue/tool-builder'

import englishTexts from '../../i18n/locales/en/admin/builder.json'
import { toBuilderInput, type ToolDraft } from './tool-draft.ts'

type AdminT = TFunction<'admin'>
type AdminKey = ParseKeys<'admin'>

/**
 * The schema's messages are core's English words; each is found by them in the English texts and
 * shown in the reader's language. A message the texts lack (a rule added to core since) shows as
 * core wrote it rather than not at all.
 */
function keysByEnglish(texts: object, prefix: string, into = new Map<string, AdminKey>()) {
  for (const [name, text] of Object.entries(texts)) {
    if (typeof text === 'string') into.set(text, `${prefix}.${name}` as AdminKey)
    else if (typeof text === 'object' && text !== null) keysByEnglish(text, `${prefix}.${name}`, into)
  }
  return into
}
const VALIDATION_KEYS = keysByEnglish(englishTexts.validation, 'builder.validation')

/** An issue in the reader's words: zod's own length limits by their bound, core's messages by their text. */
export function issueMessage(issue: z.core.$ZodIssue, t: AdminT): string {
  if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) {
    const key = issue.origin === 'string' ? 'builder.validation.tooLong' : 'builder.validation.tooMany'
    return t(key, { maximum: Number(issue.maximum) })
  }
  const key = VALIDATION_KEYS.get(issue.message)
  return key ? t(key) : issue.message
}

/**
 * The draft checked by the API's own schema (core's toolBuilderInput), each message put on the
 * field it is about. The one rule the schema cannot know, a generic tool's need for a form, is the
 * same core rule the server answers with.
 */
export function validateDraft(draft: ToolDraft, t: AdminT, kind: ToolKind = 'generic'): FormErrors {
  const errors: FormErrors = {}
  const result = toolBuilderInput.safeParse(toBuilderInput(draft))
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = formPath(issue.path)
      errors[path] ??= issueMessage(issue, t)
    }
  }
  if (kind === 'generic' && draft.groups.length === 0) errors.groups ??= t('builder.validation.formNeeded')
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
