import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One message as the SMTP server received it. */
export interface CapturedMail {
  /** RCPT TO: where the message was delivered, whatever its headers say. */
  envelopeTo: string[]
  mail: ParsedMail
  /** The user the client logged in as, if it did. */
  user: string | undefined
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:PORT, without credentials. */
  url: string
  port: number
  /** Every message received, in order. */
  received: CapturedMail[]
  /** The messages delivered to `address` (its envelope), in order. */
  deliveredTo(address: string): CapturedMail[]
  close(): Promise<void>
}

export interface SmtpCaptureOptions {
  /** With them, a client that logs in must use them; without logging in, any client may send. */
  credentials?: { username: string; password: string }
}

/**
 * A real SMTP server on the loopback interface that keeps what it receives, parsed, as a mail
 * catcher in a compose stack does. A message is kept before the client hears 250, so once the
 * sender's call has returned, the message is here.
 */
export async function startSmtpCapture({ credentials }: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const received: CapturedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.username && auth.password === credentials.password) {
        callback(null, { user: auth.username })
      } else callback(new Error('bad credentials'))
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((to) => to.address),
            mail,
            user: typeof session.user === 'string' ? session.user : undefined,
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    deliveredTo: (address) => received.filter((captured) => captured.envelopeTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
