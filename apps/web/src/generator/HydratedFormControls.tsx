import { Button, Fieldset, type ButtonProps } from '@mantine/core'
import type { ReactNode } from 'react'

import { useHydrated, useInertUntilHydrated } from '../app/useHydrated.ts'

/*
 * Server-rendered controls do nothing until React takes them over, so a click or a typed value is
 * not lost to a page that cannot act on it yet. Each is a component of its own: when hydration
 * ends, React renders these again, at once (the flip is synchronous), and not the form around them
 * or the fields inside, which it skips as the same elements.
 */

/** A fieldset that disables every control inside while `busy`, and is inert until the page is live. */
export function FormFieldset({ busy, children }: { busy: boolean; children: ReactNode }) {
  const untilLive = useInertUntilHydrated()
  return (
    <Fieldset variant="unstyled" disabled={busy} {...untilLive} p={0} m={0}>
      {children}
    </Fieldset>
  )
}

/** The form's submit button: loading while `busy`, disabled until the page is live. */
export function SubmitButton({
  busy,
  children,
  ...props
}: Omit<ButtonProps, 'loading' | 'disabled' | 'size'> & {
  busy: boolean
  children: ReactNode
  'aria-describedby'?: string
}) {
  const hydrated = useHydrated()
  return (
    <Button type="submit" size="md" loading={busy} disabled={!hydrated} {...props}>
      {children}
    </Button>
  )
}
