import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { signOutEverywhere } from '../../../identity/local-account-api.ts'
import { authErrorMessage } from '../../../identity/local-auth-request.ts'
import { reloadAt } from './reload-at.ts'

/**
 * Ends every session of the account, this one too, after a confirmation. The page then reloads at
 * /login rather than navigating inside the app, so nothing of the account stays in memory.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation('account')
  // The identity endpoints' errors are everyday texts: the sign-in forms say them too.
  const { t: everydayT } = useTranslation()
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
      setFailure(authErrorMessage(error, everydayT))
      setBusy(false)
    }
  }

  return (
    <>
      <Group>
        <Button variant="default" onClick={() => setOpened(true)}>
          {t('profile.signOutEverywhere.open')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('profile.signOutEverywhere.title')}
        centered
        size="sm"
      >
        <Text size="sm">{t('profile.signOutEverywhere.explain')}</Text>
        {failure && (
          <Text size="sm" c="red" role="alert" mt="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
            {t('profile.signOutEverywhere.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {t('profile.signOutEverywhere.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  )
}
