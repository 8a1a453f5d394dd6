import { Group, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, type ReactNode } from 'react'

import { SectionCard } from '../../components/SectionCard.tsx'
import { FailureNotice } from '../FailureNotice.tsx'
import type { GenerationFailure } from '../generation-state.ts'
import { scrollToResult } from '../scroll-to-result.ts'

interface MediaResultPanelProps {
  title: string
  /** Changes with every new result (its generation id): the heading takes the focus then. */
  resultKey: string | null
  /** Read out by screen readers when a result or a failure arrives. */
  announcement: string
  failure: GenerationFailure | null
  /** Beside the heading (Copy, Download). */
  actions?: ReactNode
  children?: ReactNode
}

/**
 * The result area of a dedicated tool. A new result moves the focus to its heading (keyboard and
 * screen-reader users land on what they asked for) and glides the page to it, as the generic
 * generator does; a polite live region says what happened.
 */
export function MediaResultPanel({
  title,
  resultKey,
  announcement,
  failure,
  actions,
  children,
}: MediaResultPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusedKey = useRef<string | null>(null)

  useEffect(() => {
    if (resultKey === null || focusedKey.current === resultKey) return
    focusedKey.current = resultKey
    headingRef.current?.focus({ preventScroll: true })
    scrollToResult(panelRef.current)
  }, [resultKey])

  return (
    <SectionCard ref={panelRef} aria-labelledby="media-result-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="media-result-heading" ref={headingRef} tabIndex={-1}>
            {title}
          </Title>
          {actions}
        </Group>
        <Text component="div" role="status" aria-live="polite" size="sm" c="dimmed">
          {announcement}
        </Text>
        {failure && <FailureNotice message={failure.message} outOfCredits={failure.outOfCredits} />}
        {children}
      </Stack>
    </SectionCard>
  )
}
