import { Anchor, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'

import type { SiteDetails } from '@promptly/api/system/public-config.schema'

import { StaticPage } from '../../components/StaticPage.tsx'
import { telHref } from '../../layout/site.ts'

/** Each field's one rule, by the key of its message: translated where it shows, so it follows the language. */
const FIELD_ERRORS = {
  name: 'contact.form.nameRequired',
  email: 'contact.form.emailInvalid',
  message: 'contact.form.messageRequired',
} as const

/** Checked before the mail client opens: every field filled in, and something like an address. */
const contactForm = z.object({
  name: z.string().trim().min(1, FIELD_ERRORS.name),
  email: z.string().regex(/^\S+@\S+$/, FIELD_ERRORS.email),
  message: z.string().trim().min(1, FIELD_ERRORS.message),
})
type ContactValues = z.infer<typeof contactForm>

/** A mailto: link with the message prefilled, signed with the sender's name and address. */
function contactMailto(to: string, subject: string, { name, email, message }: ContactValues): string {
  const body = `${message.trim()}\n\n${name.trim()} <${email.trim()}>`
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/**
 * Contact Us: the operator's details (SUPPORT_EMAIL, SUPPORT_PHONE) and a form that opens the
 * visitor's mail client (no server call). Details that are not configured are not shown, and
 * without an address the form, which would have nowhere to send, is left out.
 */
export function ContactPage({ site }: { site: SiteDetails }) {
  const { supportEmail: email, supportPhone: phone } = site
  const { t } = useTranslation('info')
  const form = useForm<ContactValues>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', message: '' },
    validate: schemaResolver(contactForm, { sync: true }),
  })

  const submit = form.onSubmit((values) => {
    if (!email) return
    const subject = t('contact.mail.subject', { name: values.name.trim() })
    window.location.assign(contactMailto(email, subject, values))
    form.reset()
  })
  // Every field is required, and bound to the form the same way.
  const field = (name: keyof ContactValues) => ({
    required: true,
    ...form.getInputProps(name),
    error: form.errors[name] ? t(FIELD_ERRORS[name]) : undefined,
  })

  return (
    <StaticPage title={t('contact.title')} lead={t('contact.lead')}>
      <Stack gap={4}>
        {email && (
          <Text>
            {t('contact.details.email')} <Anchor href={`mailto:${email}`}>{email}</Anchor>
          </Text>
        )}
        {phone && (
          <Text>
            {t('contact.details.phone')} <Anchor href={telHref(phone)}>{phone}</Anchor>
          </Text>
        )}
        {!email && !phone && <Text>{t('contact.details.notConfigured')}</Text>}
      </Stack>
      {email && (
        <Paper withBorder radius="lg" p="xl" maw={560}>
          <form onSubmit={submit} noValidate aria-label={t('contact.form.label')}>
            <Stack gap="md">
              <TextInput label={t('contact.form.name')} autoComplete="name" key={form.key('name')} {...field('name')} />
              <TextInput
                label={t('contact.form.email')}
                type="email"
                autoComplete="email"
                key={form.key('email')}
                {...field('email')}
              />
              <Textarea
                label={t('contact.form.message')}
                minRows={4}
                autosize
                key={form.key('message')}
                {...field('message')}
              />
              <Button type="submit">{t('contact.form.submit')}</Button>
            </Stack>
          </form>
        </Paper>
      )}
    </StaticPage>
  )
}
