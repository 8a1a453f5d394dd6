import { Anchor } from '@mantine/core'

/**
 * Outside production the server stores mail in an outbox instead of sending it, and names the
 * page that shows a message: this link opens it, so a developer is never stuck waiting for mail.
 */
export function DevOutboxLink({ url }: { url: string | undefined }) {
  if (!url) return null
  return (
    <Anchor href={url} target="_blank" rel="noopener" underline="always">
      Open the message in the outbox
    </Anchor>
  )
}
