import { Alert, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core'

import { PASSWORD_MIN_LENGTH } from '@promptly/core/identity/user'

// Mantine names a password field's eye button "Toggle password visibility", which a label search
// for "Password" also finds; this name keeps each password label unique to its field.
const revealButtonProps = { 'aria-label': 'Show the typed characters' }

export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; a long phrase is easiest to remember`

/** A required password field of the account forms. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={revealButtonProps} required {...props} />
}

/** The required e-mail field of the account forms. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="E-mail" type="email" autoComplete="email" required {...props} />
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
  const { fieldKey: passwordKey, ...passwordProps } = password
  const { fieldKey: repeatKey, ...repeatProps } = repeat
  return (
    <>
      <PasswordField
        key={passwordKey}
        label="New password"
        description={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        {...passwordProps}
      />
      <PasswordField key={repeatKey} label="Repeat password" autoComplete="new-password" {...repeatProps} />
    </>
  )
}
