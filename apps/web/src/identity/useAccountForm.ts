import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'

import { formErrorsOf } from './form-rule-messages.ts'
import { authErrorMessage, fieldErrorOf } from './local-auth-request.ts'

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, string>>

interface AccountFormOptions<Schema extends FormSchema> {
  /** The rules checked before anything is sent: the server's own input schema, or one built on it. */
  schema: Schema
  initialValues: z.input<Schema>
  /** Fields whose refusal by the server ("<field>: <message>") is shown at the field, not above the form. */
  serverFields?: readonly (keyof z.input<Schema> & string)[]
  /** Sends the checked values. Throws what the server refused; may return a message to show above the form. */
  send: (values: z.output<Schema>) => Promise<string | undefined | void>
  /** What shows above the form before anything is sent (a reset link without its token). */
  initialError?: string | null
}

/**
 * One account form (sign in, sign up, forgotten, reset and changed password): an uncontrolled
 * @mantine/form checked by the schema (its messages in the visitor's language), and the server's refusal
 * shown at its field or above the form.
 */
export function useAccountForm<Schema extends FormSchema>(options: AccountFormOptions<Schema>) {
  const { schema, initialValues, serverFields = [], send, initialError = null } = options
  const { t } = useTranslation()
  const [serverError, setServerError] = useState<string | null>(initialError)
  const form = useForm<z.input<Schema>>({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => formErrorsOf(schema.safeParse(values).error?.issues ?? [], t),
  })

  const submit = form.onSubmit(async (values) => {
    setServerError(null)
    try {
      const message = await send(schema.parse(values))
      if (message) setServerError(message)
    } catch (error) {
      const fieldError = fieldErrorOf(error, serverFields, t)
      if (fieldError) form.setFieldError(fieldError.field, fieldError.message)
      else setServerError(authErrorMessage(error, t))
    }
  })

  return { form, submit, serverError }
}
