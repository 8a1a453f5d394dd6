import { Alert, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { PASSWORD_MIN_LENGTH } from '@promptly/core/identity/user'

/** What a new password must be, under the field that asks for one. */
export function useNewPasswordHint(): string {
  const { t } = useTranslation()
  return t('identity.fields.newPasswordHint', { min: PASSWORD_MIN_LENGTH })
}

/** A required password field of the account forms. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation()
  // Mantine names a password field's eye button "Toggle password visibility", which a label search
  // for "Password" also finds; this name keeps each password label unique to its field.
  const revealButtonProps = { 'aria-label': t('identity.fields.showTyped') }
  return <PasswordInput visibilityToggleButtonProps={revealButtonProps} required {...props} />
}

/** The required e-mail field of the account forms. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation()
  return <TextInput label={t('identity.fields.email')} type="email" autoComplete="email" required {...props} />
}

/** What the server refused, over the form (a refused field shows at the field instead). */
export function FormError({ title, message }: { title: string; message: string | null }) {
  if (!message) return null
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {message}
    </Alert>
  )
}

interface NewPasswordFieldsProps {
  /** Each field's input props and its form key (an uncontrolled form remounts a field to show a reset). */
  password: PasswordInputProps & { fieldKey: string }
  repeat: PasswordInputProps & { fieldKey: string }
}

/** A new password and its repeat, as the reset and change-password forms ask for them. */
export function NewPasswordFields({ password, repeat }: NewPasswordFieldsProps) {
  const { t } = useTranslation()
  const hint = useNewPasswordHint()
  const { fieldKey: passwordKey, ...passwordProps } = password
  const { fieldKey: repeatKey, ...repeatProps } = repeat
  return (
    <>
      <PasswordField
        key={passwordKey}
        label={t('identity.fields.newPassword')}
        description={hint}
        autoComplete="new-password"
        {...passwordProps}
      />
      <PasswordField
        key={repeatKey}
        label={t('identity.fields.repeatPassword')}
        autoComplete="new-password"
        {...repeatProps}
      />
    </>
  )
}
