import { Button, Modal } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'

import { TransactionTable } from './TransactionTable.tsx'

/** The profile's Transaction History button and its dialog. */
export function TransactionHistory() {
  const { t } = useTranslation('account')
  const [opened, { open, close }] = useDisclosure(false)
  return (
    <>
      <Button variant="default" onClick={open}>
        {t('profile.transactions.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('profile.transactions.title')} size="xl">
        {/* Mounted only while open: the history is fetched when asked for, fresh each time. */}
        {opened && <TransactionTable />}
      </Modal>
    </>
  )
}
