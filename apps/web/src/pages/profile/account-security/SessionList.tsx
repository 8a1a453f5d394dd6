import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { endSession, type SessionInfo } from '../../../identity/local-account-api.ts'
import { authErrorMessage } from '../../../identity/local-auth-request.ts'
import { describeLastSeen, describeUserAgent } from './describe-session.ts'
import classes from './security.module.css'
import { refetchSessions, useSessions } from './useSessions.ts'

/** Where the account is signed in; any session but this one can be ended here. */
export function SessionList() {
  const sessions = useSessions()
  const queryClient = useQueryClient()
  const [ending, setEnding] = useState<string | null>(null)
  const [news, setNews] = useState('')

  const signOut = async (session: SessionInfo) => {
    setEnding(session.id)
    try {
      await endSession(session.id)
      setNews(`Signed out ${describeUserAgent(session.userAgent)}.`)
      await refetchSessions(queryClient)
    } catch (error) {
      setNews(authErrorMessage(error))
    } finally {
      setEnding(null)
    }
  }

  return (
    <Stack gap="sm">
      {sessions.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading your sessions</Text>
        </Group>
      ) : sessions.isError ? (
        <Text size="sm" c="red">
          Your sessions could not be loaded. {authErrorMessage(sessions.error)}
        </Text>
      ) : (
        <ul className={classes.sessions} aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <li key={session.id} className={classes.session} data-testid="session">
              <div className={classes.sessionText}>
                <Group gap="xs">
                  <Text fw={600}>{describeUserAgent(session.userAgent)}</Text>
                  {session.current && (
                    <Badge variant="light" color="gray">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {session.ip || 'Unknown address'} · last seen {describeLastSeen(session.lastSeenAt)}
                </Text>
              </div>
              {!session.current && (
                <Button
                  variant="default"
                  size="xs"
                  loading={ending === session.id}
                  onClick={() => void signOut(session)}
                  aria-label={`Sign out ${describeUserAgent(session.userAgent)} (${session.ip || 'unknown address'})`}
                >
                  Sign out
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
