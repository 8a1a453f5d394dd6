import { z } from 'zod'

import { changePasswordInput, passwordResetRequestInput } from '@promptly/core/identity/local-account-flows'
import { localSignUpInput } from '@promptly/core/identity/user'

/**
 * The password forms' rules, checked before anything is sent: the server's own input schemas plus
 * a repeat of the new password that must match it. (Strength is judged by the server alone.)
 * Their messages are English; the forms show them in the visitor's language (form-rule-messages.ts).
 */
export const PASSWORDS_DIFFER = 'The passwords do not match'

export const forgotPasswordForm = passwordResetRequestInput
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>

export const resetPasswordForm = z
  .object({ password: localSignUpInput.shape.password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER })
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>

export const changePasswordForm = changePasswordInput
  .extend({ confirm: z.string() })
  .refine((values) => values.newPassword === values.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER })
export type ChangePasswordForm = z.infer<typeof changePasswordForm>
