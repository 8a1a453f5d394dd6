/** One message, in plain text and HTML (the HTML made from escaped values by mail/templates). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface SentMail {
  /** The outbox file's id, or the SMTP Message-ID. */
  id: string
}

interface MailerBase {
  send(message: MailMessage): Promise<SentMail>
  close(): Promise<void>
}

/**
 * How the server sends mail. Two implementations, picked once from config (services.ts): SMTP when
 * SMTP_URL is set, otherwise one .eml file per message in `<DATA_DIR>/outbox`. Those are the only
 * ways a message leaves the server: no HTTP answer or log line carries its contents or its links,
 * which hold single-use tokens that are as good as the account.
 */
export type Mailer =
  (MailerBase & { readonly kind: 'smtp' }) | (MailerBase & { readonly kind: 'outbox'; readonly dir: string })
