import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'

import { signOutEverywhere } from '../../../identity/local-account-api.ts'
import { authErrorMessage } from '../../../identity/local-auth-request.ts'
import { reloadAt } from './reload-at.ts'

/**
 * Ends every session of the account, this one too, after a confirmation. The page then reloads at
 * /login rather than navigating inside the app, so nothing of the account stays in memory.
 */
export function SignOutEverywhere() {
  const [opened, setOpened] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState('')

  const confirm = async () => {
    setBusy(true)
    setFailure('')
    try {
      await signOutEverywhere()
      reloadAt('/login')
    } catch (error) {
      setFailure(authErrorMessage(error))
      setBusy(false)
    }
  }

  return (
    <>
      <Group>
        <Button variant="default" onClick={() => setOpened(true)}>
          Sign out everywhere
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Sign out everywhere?" centered size="sm">
        <Text size="sm">
          Every device signed in to your account is signed out, this one too. You will need to sign in again.
        </Text>
        {failure && (
          <Text size="sm" c="red" role="alert" mt="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            Sign out everywhere
          </Button>
        </Group>
      </Modal>
    </>
  )
}
