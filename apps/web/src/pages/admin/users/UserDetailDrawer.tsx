import { Alert, Drawer, Skeleton, Stack, Text } from '@mantine/core'

import type { AdminUser } from '../admin-types.ts'
import { LoadFailedAlert } from '../LoadFailedAlert.tsx'
import { useAdminText } from '../useAdminText.ts'
import { RecordTable } from './RecordTable.tsx'
import { auditColumns, generationColumns, ledgerColumns, purchaseColumns } from './user-detail-columns.tsx'
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
  const { t } = useAdminText()
  return (
    <Drawer opened={userId !== null} onClose={onClose} position="right" size="xl" title={t('admin.users.detail.title')}>
      {userId && <UserDetail userId={userId} {...actions} />}
    </Drawer>
  )
}

function UserDetail({ userId, ...actions }: { userId: string } & Omit<UserDetailDrawerProps, 'userId' | 'onClose'>) {
  const { detail, audit } = useUserDetail(userId)
  const text = useAdminText()
  const { t } = text

  if (detail.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label={t('admin.users.detail.loading')}>
        <Skeleton height={24} width="60%" />
        <Skeleton height={120} />
      </Stack>
    )
  }
  if (detail.isError) return <LoadFailedAlert title={t('admin.users.detail.loadFailed')} query={detail} />

  const { user, ledger, generations, purchases } = detail.data
  return (
    <Stack gap="lg">
      <Text fw={700} size="lg" component="p" m={0}>
        {user.name}
      </Text>
      <UserSummary user={user} {...actions} />
      <RecordTable
        title={t('admin.users.detail.ledger')}
        rows={ledger}
        columns={ledgerColumns(text)}
        empty={t('admin.users.detail.ledgerEmpty')}
      />
      <RecordTable
        title={t('admin.users.detail.generations')}
        rows={generations}
        columns={generationColumns(text)}
        empty={t('admin.users.detail.generationsEmpty')}
      />
      <RecordTable
        title={t('admin.users.detail.purchases')}
        rows={purchases}
        columns={purchaseColumns(text)}
        empty={t('admin.users.detail.purchasesEmpty')}
      />
      {audit.isError ? (
        <Alert color="red" title={t('admin.users.detail.auditFailed')} role="alert">
          {audit.error.message}
        </Alert>
      ) : (
        <RecordTable
          title={t('admin.users.detail.audit')}
          rows={audit.data?.entries ?? []}
          columns={auditColumns(text)}
          empty={t(audit.isPending ? 'admin.users.detail.auditLoading' : 'admin.users.detail.auditEmpty')}
        />
      )}
    </Stack>
  )
}
