import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useFormat } from '../../../i18n/useFormat.ts'
import { endSession, type SessionInfo } from '../../../identity/local-account-api.ts'
import { authErrorMessage } from '../../../identity/local-auth-request.ts'
import { describeLastSeen, describeUserAgent } from './describe-session.ts'
import classes from './security.module.css'
import { refetchSessions, useSessions } from './useSessions.ts'

/** Where the account is signed in; any session but this one can be ended here. */
export function SessionList() {
  const { t } = useTranslation('account')
  // The identity endpoints' errors are everyday texts: the sign-in forms say them too.
  const { t: everydayT } = useTranslation()
  const format = useFormat()
  const device = (session: SessionInfo) => describeUserAgent(session.userAgent, t)
  const sessions = useSessions()
  const queryClient = useQueryClient()
  const [ending, setEnding] = useState<string | null>(null)
  const [news, setNews] = useState('')

  const signOut = async (session: SessionInfo) => {
    setEnding(session.id)
    try {
      await endSession(session.id)
      setNews(t('profile.sessions.signedOut', { device: device(session) }))
      await refetchSessions(queryClient)
    } catch (error) {
      setNews(authErrorMessage(error, everydayT))
    } finally {
      setEnding(null)
    }
  }

  return (
    <Stack gap="sm">
      {sessions.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('profile.sessions.loading')}</Text>
        </Group>
      ) : sessions.isError ? (
        <Text size="sm" c="red">
          {t('profile.sessions.loadFailed', { reason: authErrorMessage(sessions.error, everydayT) })}
        </Text>
      ) : (
        <ul className={classes.sessions} aria-label={t('profile.sessions.label')}>
          {sessions.data.map((session) => (
            <li key={session.id} className={classes.session} data-testid="session">
              <div className={classes.sessionText}>
                <Group gap="xs">
                  <Text fw={600}>{device(session)}</Text>
                  {session.current && (
                    <Badge variant="light" color="gray">
                      {t('profile.sessions.thisDevice')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('profile.sessions.lastSeen', {
                    address: session.ip || t('profile.sessions.unknownAddress'),
                    when: describeLastSeen(session.lastSeenAt, { t, format }),
                  })}
                </Text>
              </div>
              {!session.current && (
                <Button
                  variant="default"
                  size="xs"
                  loading={ending === session.id}
                  onClick={() => void signOut(session)}
                  aria-label={t('profile.sessions.signOutLabel', {
                    device: device(session),
                    address: session.ip || t('profile.sessions.unknownAddressInLabel'),
                  })}
                >
                  {t('profile.sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Text size="sm" role="status">
        {news}
      </Text>
    </Stack>
  )
}
