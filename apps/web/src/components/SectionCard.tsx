import { Paper, type PaperProps } from '@mantine/core'
import type { ComponentPropsWithRef } from 'react'

type SectionCardProps = PaperProps & Omit<ComponentPropsWithRef<'section'>, keyof PaperProps>

/**
 * A bordered, rounded card that is a section of the page of its own: the profile's sections and
 * the generator's form, result and share panels. Name it with aria-label or aria-labelledby.
 */
export function SectionCard(props: SectionCardProps) {
  return <Paper withBorder radius="lg" p="xl" component="section" {...props} />
}
