import { Alert, Drawer, Skeleton, Stack, Text } from '@mantine/core'

import type { AdminUser } from '../admin-types.ts'
import { LoadFailedAlert } from '../LoadFailedAlert.tsx'
import { RecordTable } from './RecordTable.tsx'
import { AUDIT_COLUMNS, GENERATION_COLUMNS, LEDGER_COLUMNS, PURCHASE_COLUMNS } from './user-detail-columns.tsx'
import { UserSummary } from './UserSummary.tsx'
import { useUserDetail } from './useUserDetail.ts'

interface UserDetailDrawerProps {
  /** The account to show; null closes the drawer. */
  userId: string | null
  onClose: () => void
  onAddCredits: (user: AdminUser) => void
  onRevokeCredits: (user: AdminUser) => void
}

/** One account in a side panel: its summary, credit actions, ledger, generations, purchases and audit trail. */
export function UserDetailDrawer({ userId, onClose, ...actions }: UserDetailDrawerProps) {
  return (
    <Drawer opened={userId !== null} onClose={onClose} position="right" size="xl" title="Account details">
      {userId && <UserDetail userId={userId} {...actions} />}
    </Drawer>
  )
}

function UserDetail({ userId, ...actions }: { userId: string } & Omit<UserDetailDrawerProps, 'userId' | 'onClose'>) {
  const { detail, audit } = useUserDetail(userId)

  if (detail.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the account">
        <Skeleton height={24} width="60%" />
        <Skeleton height={120} />
      </Stack>
    )
  }
  if (detail.isError) return <LoadFailedAlert title="The account could not be loaded" query={detail} />

  const { user, ledger, generations, purchases } = detail.data
  return (
    <Stack gap="lg">
      <Text fw={700} size="lg" component="p" m={0}>
        {user.name}
      </Text>
      <UserSummary user={user} {...actions} />
      <RecordTable title="Credit ledger" rows={ledger} columns={LEDGER_COLUMNS} empty="No credit movements yet." />
      <RecordTable title="Generations" rows={generations} columns={GENERATION_COLUMNS} empty="Nothing generated yet." />
      <RecordTable title="Purchases" rows={purchases} columns={PURCHASE_COLUMNS} empty="No purchases yet." />
      {audit.isError ? (
        <Alert color="red" title="The audit trail could not be loaded" role="alert">
          {audit.error.message}
        </Alert>
      ) : (
        <RecordTable
          title="Audit trail"
          rows={audit.data?.entries ?? []}
          columns={AUDIT_COLUMNS}
          empty={audit.isPending ? 'Loading…' : 'No admin has acted on this account.'}
        />
      )}
    </Stack>
  )
}
