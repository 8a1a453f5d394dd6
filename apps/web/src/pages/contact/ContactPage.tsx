import { Anchor, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { z } from 'zod'

import { StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

/** Checked before the mail client opens: every field filled in, and something like an address. */
const contactForm = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().regex(/^\S+@\S+$/, 'Enter a valid e-mail address'),
  message: z.string().trim().min(1, 'Message is required'),
})
type ContactValues = z.infer<typeof contactForm>

/** A mailto: link with the message prefilled, signed with the sender's name and address. */
function contactMailto(to: string, { name, email, message }: ContactValues): string {
  const subject = `Message from ${name.trim()}`
  const body = `${message.trim()}\n\n${name.trim()} <${email.trim()}>`
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** Contact Us: company details and a form that opens the visitor's mail client (no server call). */
export function ContactPage() {
  const form = useForm<ContactValues>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', message: '' },
    validate: schemaResolver(contactForm, { sync: true }),
  })

  const submit = form.onSubmit((values) => {
    window.location.assign(contactMailto(SITE.contact.email, values))
    form.reset()
  })
  // Every field is required, and bound to the form the same way.
  const field = (name: keyof ContactValues) => ({ required: true, ...form.getInputProps(name) })

  return (
    <StaticPage title="Contact Us" lead="Questions, feedback or a tool you would like to see? We read every message.">
      <Stack gap={4}>
        <Text>
          E-mail: <Anchor href={`mailto:${SITE.contact.email}`}>{SITE.contact.email}</Anchor>
        </Text>
        <Text>
          Phone: <Anchor href={`tel:${SITE.contact.phone.replace(/[^+\d]/g, '')}`}>{SITE.contact.phone}</Anchor>
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p="xl" maw={560}>
        <form onSubmit={submit} noValidate aria-label="Contact form">
          <Stack gap="md">
            <TextInput label="Name" autoComplete="name" key={form.key('name')} {...field('name')} />
            <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...field('email')} />
            <Textarea label="Message" minRows={4} autosize key={form.key('message')} {...field('message')} />
            <Button type="submit">Send message</Button>
          </Stack>
        </form>
      </Paper>
    </StaticPage>
  )
}
