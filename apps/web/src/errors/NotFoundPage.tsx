import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../components/usePageTitle.ts'

/** Any address no route knows: says so, under a title of its own (not the page the visitor came from). */
export function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle(t('common.errors.notFound.title'))
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('common.errors.notFound.title')}</Title>
        <Text c="dimmed">{t('common.errors.notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('common.errors.notFound.back')}
        </Button>
      </Stack>
    </Container>
  )
}
