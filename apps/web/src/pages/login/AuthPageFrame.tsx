import { Center, Paper, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

const BACKDROP =
  'radial-gradient(circle at 20% 10%, var(--mantine-color-violet-light), transparent 55%), ' +
  'radial-gradient(circle at 80% 90%, var(--mantine-color-grape-light), transparent 50%)'

/** The centred backdrop every sign-in page shares (login, forgotten and new password). */
export function AuthBackdrop({ children }: { children: ReactNode }) {
  return (
    <Center mih="calc(100dvh - 64px)" px="md" py="xl" style={{ background: BACKDROP }}>
      {children}
    </Center>
  )
}

/** A card with the page's one heading and a line under it. */
export function AuthCard({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420}>
      <Title order={1} size="h2" mb={4}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {lead}
      </Text>
      {children}
    </Paper>
  )
}
