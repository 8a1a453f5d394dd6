import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'

import { localSignInInput, localSignUpInput } from '@promptly/core/identity/user'

import spanishIdentity from '../i18n/locales/es/identity.json'
import { testI18n } from '../i18n/testing.ts'
import { formErrorsOf, ruleMessage } from './form-rule-messages.ts'
import { changePasswordForm, forgotPasswordForm, resetPasswordForm } from './password-form-schemas.ts'

const issuesOf = (result: { error?: { issues: Parameters<typeof ruleMessage>[0][] } }) => result.error?.issues ?? []

describe('account form rules in the visitor language', () => {
  it('words every rule of the account forms in English exactly as the shared schemas do', () => {
    const broken = [
      ...issuesOf(localSignUpInput.safeParse({ name: ' ', email: 'ada', password: 'short' })),
      ...issuesOf(
        localSignUpInput.safeParse({ name: 'Ada\u0007', email: 'ada@example.com', password: 'x'.repeat(201) }),
      ),
      ...issuesOf(
        localSignUpInput.safeParse({ name: 'A'.repeat(101), email: 'ada@example.com', password: 'long enough' }),
      ),
      ...issuesOf(localSignInInput.safeParse({ email: '', password: '' })),
      ...issuesOf(forgotPasswordForm.safeParse({ email: 'not an address' })),
      ...issuesOf(resetPasswordForm.safeParse({ password: 'long enough', confirm: 'different' })),
      ...issuesOf(changePasswordForm.safeParse({ currentPassword: '', newPassword: 'short', confirm: 'short' })),
    ]
    expect(new Set(broken.map((issue) => issue.code))).toEqual(
      new Set(['invalid_format', 'too_small', 'too_big', 'custom']),
    )
    for (const issue of broken) expect(ruleMessage(issue, testI18n.t)).toBe(issue.message)
  })

  it('shows each field its first broken rule in the visitor language', () => {
    const spanish = createInstance()
    void spanish.init({
      lng: 'es',
      resources: { es: { translation: { identity: spanishIdentity } } },
      initAsync: false,
    })
    const errors = formErrorsOf(issuesOf(resetPasswordForm.safeParse({ password: '', confirm: 'x' })), spanish.t)
    expect(errors).toEqual({
      password: 'La contraseña debe tener al menos 8 caracteres',
      confirm: 'Las contraseñas no coinciden',
    })
  })
})
