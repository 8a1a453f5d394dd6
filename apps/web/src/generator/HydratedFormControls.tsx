import { Button, Fieldset, type ButtonProps } from '@mantine/core'
import type { ReactNode } from 'react'

import { useHydrated } from '../app/useHydrated.ts'

/*
 * Server-rendered controls do nothing until React takes them over, so a click or a typed value is
 * not lost to a page that cannot act on it yet. Each is a component of its own: when hydration
 * ends, React renders these again, at once (the flip is synchronous), and not the form around them
 * or the fields inside, which it skips as the same elements.
 */

/**
 * A fieldset that disables every control inside while `busy`. Until the page is live it is inert
 * (nothing inside takes focus, a click or a key) and says so with aria-disabled, rather than
 * disabled: undoing `disabled` re-evaluates every control and option inside for `:disabled`, one
 * long task on a phone right when the page becomes usable, and greys the form out meanwhile.
 */
export function FormFieldset({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <Fieldset
      variant="unstyled"
      disabled={busy}
      inert={!hydrated}
      aria-disabled={hydrated ? undefined : true}
      p={0}
      m={0}
    >
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
