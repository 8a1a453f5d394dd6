import type { EmailTokenPurpose } from '@promptly/db/generated/prisma/client'

import { EMAIL_TOKEN_LIFETIME_MS } from '../../identity/local/email-tokens.ts'
import { renderMail, type MailContent } from './layout.ts'

/** What a single-use link's mail says around the link. */
export interface SingleUseLinkWording {
  subject: string
  /** Why the mail came. */
  reason: string
  /** The button's label. */
  action: string
  /** For whoever did not ask for it. */
  ifNotYou: string
}

const HOUR_MS = 60 * 60 * 1000

/**
 * The template of a mail whose point is one link that works once (the token of `purpose`). How long
 * it works is said from the token's own lifetime, so the mail never promises longer than the link lasts.
 */
export function singleUseLinkMail(purpose: EmailTokenPurpose, wording: SingleUseLinkWording) {
  const hours = EMAIL_TOKEN_LIFETIME_MS[purpose] / HOUR_MS
  const lifetime = hours === 1 ? '1 hour' : `${hours} hours`
  return ({ name, link }: { name: string; link: string }): MailContent =>
    renderMail(wording.subject, name, [
      { text: wording.reason },
      { label: wording.action, href: link },
      { text: `The link works once and expires in ${lifetime}. ${wording.ifNotYou}` },
    ])
}
