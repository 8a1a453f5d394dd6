/** One message, in plain text and HTML (the HTML made from escaped values by mail/templates). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /**
   * The link the message exists for (verify, reset...). Only the outbox uses it, for the log line
   * it writes outside production, so a developer can follow it from the terminal.
   */
  link?: string
}

export interface SentMail {
  /** The outbox file's id, or the SMTP Message-ID. */
  id: string
}

/**
 * How the server sends mail. Two implementations, picked once from config (services.ts):
 * SMTP when SMTP_URL is set, otherwise one .eml file per message in `<DATA_DIR>/outbox`.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<SentMail>
  close(): Promise<void>
}
