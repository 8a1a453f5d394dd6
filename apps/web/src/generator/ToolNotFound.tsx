import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { usePageTitle } from '../components/usePageTitle.ts'
import { useIdentity } from '../identity/identity-context.ts'

/** An id that names no published tool; also the route's not-found page (a 404 from the server). */
export function ToolNotFound() {
  const { t } = useTranslation('generator')
  return (
    <PageMessage title={t('generator.notFound.title')}>
      <Text c="dimmed">
        <Trans t={t} i18nKey="generator.notFound.text" components={{ anchor: <Anchor component={Link} to="/" /> }} />
      </Text>
    </PageMessage>
  )
}

/**
 * The /generate route's not-found page: the server's 404 for an id no signed-out visitor may open.
 * A personal tool is one: once the visitor turns out to be its signed-in owner, the route loads
 * again in the browser, as them (its loader does not refuse there; the page asks for the tool).
 */
export function ToolNotFoundForVisitor() {
  const { status } = useIdentity()
  const router = useRouter()
  useEffect(() => {
    if (status === 'signed-in') void router.invalidate()
  }, [status, router])
  return <ToolNotFound />
}

/** A page that is only a heading and a line; it names the document after itself. */
export function PageMessage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title)
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  )
}
