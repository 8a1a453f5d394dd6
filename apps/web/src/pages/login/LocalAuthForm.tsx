import {
  localSignInInput,
  localSignUpInput,
  PASSWORD_MIN_LENGTH,
  type LocalSignInInput,
  type LocalSignUpInput,
} from '@promptly/core/identity/user'
import { Alert, Button, PasswordInput, Stack, Tabs, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useState } from 'react'
import { useIdentity } from '../../identity/identity-context.ts'
import { AuthRequestError, signInLocal, signUpLocal } from '../../identity/local-auth-api.ts'

type Mode = 'sign-in' | 'sign-up'

// Mantine names the eye button "Toggle password visibility", which a label search for
// "Password" also finds; this name keeps "Password" unique to the field.
const revealButtonProps = { 'aria-label': 'Show the typed characters' }

function messageOf(error: unknown): string {
  return error instanceof AuthRequestError ? error.message : 'Something went wrong. Please try again.'
}

/**
 * E-mail and password sign-in / sign-up against the server's local identity endpoints.
 * Field rules are the same zod schemas the server validates with; the server's own message
 * (wrong password, e-mail taken, too many attempts) is shown as an alert.
 */
export function LocalAuthForm() {
  const [mode, setMode] = useState<Mode>('sign-in')
  return (
    <Tabs value={mode} onChange={(value) => setMode(value === 'sign-up' ? 'sign-up' : 'sign-in')} keepMounted={false}>
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
        <Tabs.Tab value="sign-up">Create account</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in">
        <SignInForm />
      </Tabs.Panel>
      <Tabs.Panel value="sign-up">
        <SignUpForm />
      </Tabs.Panel>
    </Tabs>
  )
}

function SignInForm() {
  const { refresh } = useIdentity()
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<LocalSignInInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(localSignInInput, { sync: true }),
  })

  const submit = form.onSubmit(async (values) => {
    setServerError(null)
    try {
      await signInLocal(localSignInInput.parse(values))
      // The login page moves on once the identity state says signed-in.
      const user = await refresh()
      if (!user) setServerError('Signed in, but your session could not be read. Please try again.')
    } catch (error) {
      setServerError(messageOf(error))
    }
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" role="alert" title="Could not sign in">
            {serverError}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          visibilityToggleButtonProps={revealButtonProps}
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  )
}

function SignUpForm() {
  const { refresh } = useIdentity()
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<LocalSignUpInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '' },
    validate: schemaResolver(localSignUpInput, { sync: true }),
  })

  const submit = form.onSubmit(async (values) => {
    setServerError(null)
    try {
      const input = localSignUpInput.parse(values)
      await signUpLocal(input)
      // Sign-up normally opens the session; if it did not, sign in with the same details.
      let user = await refresh()
      if (!user) {
        await signInLocal({ email: input.email, password: input.password })
        user = await refresh()
      }
      if (!user) setServerError('Your account was created. Please sign in.')
    } catch (error) {
      setServerError(messageOf(error))
    }
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" role="alert" title="Could not create the account">
            {serverError}
          </Alert>
        )}
        <TextInput label="Name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          visibilityToggleButtonProps={revealButtonProps}
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          Create account
        </Button>
      </Stack>
    </form>
  )
}
