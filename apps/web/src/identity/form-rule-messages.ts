import type { FormErrors } from '@mantine/form'
import type { TFunction } from 'i18next'
import type { z } from 'zod'

/** The fields whose emptiness each schema words its own way. */
const REQUIRED_KEYS = {
  name: 'identity.rules.nameRequired',
  password: 'identity.rules.passwordRequired',
  currentPassword: 'identity.rules.currentPasswordRequired',
} as const

const isRequiredField = (field: string): field is keyof typeof REQUIRED_KEYS => field in REQUIRED_KEYS

/**
 * A broken account-form rule in the visitor's language. The rules are the server's own schemas
 * (core), whose messages are English for the API's answers; here each is read by what it checks
 * (code, field, limit), and a rule not known here keeps its English message.
 */
export function ruleMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  const field = String(issue.path.at(-1) ?? '')
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? t('identity.rules.email') : issue.message
    case 'too_small':
      if (Number(issue.minimum) === 1 && isRequiredField(field)) return t(REQUIRED_KEYS[field])
      return /password/i.test(field)
        ? t('identity.rules.passwordTooShort', { min: Number(issue.minimum) })
        : issue.message
    case 'too_big':
      return issue.origin === 'string' ? t('identity.rules.tooLong', { max: Number(issue.maximum) }) : issue.message
    case 'custom':
      if (field === 'confirm') return t('identity.rules.passwordsDiffer')
      return field === 'name' ? t('identity.rules.nameSingleLine') : issue.message
    default:
      return issue.message
  }
}

/** A form's errors by field path (as @mantine/form's schemaResolver lays them out), the first per field. */
export function formErrorsOf(issues: readonly z.core.$ZodIssue[], t: TFunction): FormErrors {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.')
    errors[path] ??= ruleMessage(issue, t)
  }
  return errors
}
