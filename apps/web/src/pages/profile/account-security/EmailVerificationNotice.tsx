import { Button, Stack, Text, Title } from '@mantine/core'
import { useEffect, useEffectEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { Viewer } from '@promptly/core/identity/user'

import { SectionCard } from '../../../components/SectionCard.tsx'
import { toast } from '../../../components/toast.ts'
import { useIdentity } from '../../../identity/identity-context.ts'
import { resendVerificationMail } from '../../../identity/local-account-api.ts'
import { authErrorMessage, AuthRequestError } from '../../../identity/local-auth-request.ts'
import classes from './security.module.css'

/** Where the verification link sent the browser: `/profile?verified=1` or `?verified=invalid`. */
export type VerifiedParam = '1' | 'invalid'

interface EmailVerificationNoticeProps {
  user: Viewer
  verifiedParam: VerifiedParam | undefined
  /** Drops `?verified=` from the address once its news is shown, so a reload does not repeat it. */
  onParamHandled: () => void
}

/**
 * A local account proves its address with the link in the mail before it gets trial credits. This
 * says so, resends the link, and reports where the link landed (verified, or a dead link).
 */
export function EmailVerificationNotice({ user, verifiedParam, onParamHandled }: EmailVerificationNoticeProps) {
  const { t } = useTranslation('account')
  const { provider, refresh } = useIdentity()
  // Kept after the parameter leaves the address, until the page is left.
  const [linkInvalid] = useState(verifiedParam === 'invalid')

  const handleParam = useEffectEvent(() => {
    if (verifiedParam === undefined) return
    if (verifiedParam === '1') {
      toast.success(t('profile.verification.verified'), 'email-verified')
      // The viewer and the credits were read before the link verified the address: read them again.
      void refresh()
    }
    onParamHandled()
  })
  useEffect(() => handleParam(), [])

  if (provider !== 'local' || user.emailVerified) return null
  return (
    <SectionCard
      aria-labelledby="verify-email-heading"
      className={classes.notice}
      data-tone={linkInvalid ? 'error' : 'warning'}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="verify-email-heading">
          {linkInvalid ? t('profile.verification.linkInvalid') : t('profile.verification.verifyToGetCredits')}
        </Title>
        <Text>
          {linkInvalid
            ? t('profile.verification.askNewLink')
            : t('profile.verification.linkSent', { email: user.email })}
        </Text>
        <ResendVerification email={user.email} />
      </Stack>
    </SectionCard>
  )
}

type ResendOutcome = { kind: 'sent' } | { kind: 'wait'; seconds: number } | { kind: 'failed'; message: string }

function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('account')
  // The identity endpoints' errors are everyday texts: the sign-in forms say them too.
  const { t: everydayT } = useTranslation()
  const { refresh } = useIdentity()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null)

  const resend = async () => {
    setBusy(true)
    try {
      await resendVerificationMail()
      setOutcome({ kind: 'sent' })
    } catch (error) {
      if (error instanceof AuthRequestError && error.status === 429) {
        setOutcome({ kind: 'wait', seconds: error.retryAfterSeconds ?? 60 })
      } else if (error instanceof AuthRequestError && error.status === 409) {
        // Verified meanwhile (another tab, another device): the notice goes away with the fresh viewer.
        toast.success(t('profile.verification.verified'), 'email-verified')
        await refresh()
      } else {
        setOutcome({ kind: 'failed', message: authErrorMessage(error, everydayT) })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button size="sm" onClick={() => void resend()} loading={busy} aria-busy={busy}>
        {t('profile.verification.resend')}
      </Button>
      <Text size="sm" role="status">
        {outcome?.kind === 'sent' && t('profile.verification.resent', { email })}
        {outcome?.kind === 'wait' && t('profile.verification.wait', { seconds: outcome.seconds })}
        {outcome?.kind === 'failed' && outcome.message}
      </Text>
    </>
  )
}
