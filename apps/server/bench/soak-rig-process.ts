/**
 * The soak's rig process (soak-rig.ts starts it): the fake provider, the media bucket and the mail
 * catcher at once, the proxy when the instances are up, counts and the proxy's timings on request,
 * and a clean stop on `close` or when the soak goes away.
 */
import { startS3rverBucket } from '../src/testing/s3rver-bucket.ts'
import { startSmtpCapture } from '../src/testing/smtp-capture.ts'
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts'
import { startSoakProvider } from './soak-provider.ts'
import { soakKindOf, type ProxyTiming } from './soak-proxy-timing.ts'
import type { FromRig, ToRig } from './soak-rig.ts'

const send = (message: FromRig) => process.send?.(message)

const provider = await startSoakProvider()
const bucket = await startS3rverBucket()
const mail = await startSmtpCapture()
let proxy: RoundRobinProxy | undefined
const timings: ProxyTiming[] = []
let closing: Promise<void> | undefined

/** Once, whichever of `close` and the soak's going away comes first. */
function close(): Promise<void> {
  closing ??= (async () => {
    await proxy?.close()
    await Promise.all([provider.close(), bucket.close(), mail.close()])
  })()
  return closing
}

process.on('message', (message: ToRig) => {
  const answer = async (): Promise<FromRig | null> => {
    switch (message.type) {
      case 'proxy':
        proxy = await startRoundRobinProxy(
          message.upstreams.map((url) => ({ url })),
          {
            onAnswer: ({ url, signedIn, atMs, ms }) => {
              const kind = soakKindOf(url, signedIn)
              if (kind) timings.push([kind, atMs, ms])
            },
          },
        )
        return { type: 'proxy', url: proxy.url }
      case 'counts':
        return {
          type: 'counts',
          forwarded: proxy?.forwarded() ?? [],
          proxyFailures: proxy?.failures() ?? 0,
          providerCalls: provider.calls(),
          proxyTimings: timings,
        }
      case 'close':
        await close()
        process.disconnect?.()
        return null
    }
  }
  answer().then(
    (reply) => reply && send(reply),
    (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  )
})
// The soak ended without a word (killed): nothing of ours outlives it.
process.on('disconnect', () => void close().finally(() => process.exit(0)))

send({ type: 'provider', env: { ...provider.env, ...bucket.env, SMTP_URL: mail.url } })
