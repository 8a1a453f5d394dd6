import { Button, Modal } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'

import { TransactionTable } from './TransactionTable.tsx'

/** The profile's Transaction History button and its dialog. */
export function TransactionHistory() {
  const [opened, { open, close }] = useDisclosure(false)
  return (
    <>
      <Button variant="default" onClick={open}>
        Transaction History
      </Button>
      <Modal opened={opened} onClose={close} title="Transaction History" size="xl">
        {/* Mounted only while open: the history is fetched when asked for, fresh each time. */}
        {opened && <TransactionTable />}
      </Modal>
    </>
  )
}
