import { Center, Loader, VisuallyHidden } from '@mantine/core'

/** Shown while something the page depends on (usually the identity state) is loading. */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite" data-testid="page-loader">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  )
}
