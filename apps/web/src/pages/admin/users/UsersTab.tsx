import { Button, Center, Loader, Skeleton, Stack, TextInput } from '@mantine/core'
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs'
import { useCallback, useState } from 'react'

import { USERS_SEARCH_MAX_LENGTH } from '@promptly/api/admin/users-list.schema'

import type { UserSort } from '../admin-search.ts'
import type { AdminUser } from '../admin-types.ts'
import { CreditChangeDialogs, type CreditChange } from '../credits/CreditChangeDialogs.tsx'
import { LoadFailedAlert } from '../LoadFailedAlert.tsx'
import { useAdminSearch } from '../useAdminSearch.ts'
import { useAdminText } from '../useAdminText.ts'
import { useAdminUsers } from './useAdminUsers.ts'
import { currentSorting, sortingAfterClick } from './user-sorting.ts'
import { UserDetailDrawer } from './UserDetailDrawer.tsx'
import { UsersStatus } from './UsersStatus.tsx'
import { UsersTable } from './UsersTable.tsx'
import { useUserSearchInput } from './useUserSearchInput.ts'

/** Every account: searched (name, e-mail, id), sorted by a column, paged; each opens its detail. */
export function UsersTab() {
  const { t } = useAdminText()
  const { search, update } = useAdminSearch()
  const sorting = currentSorting(search.sort, search.order)
  const onSettled = useCallback((q: string) => update({ q: q || undefined }), [update])
  const input = useUserSearchInput(search.q ?? '', onSettled)
  const users = useAdminUsers({ search: input.settled, sort: sorting.sort, order: search.order })
  const [openedId, setOpenedId] = useState<string | null>(null)
  const [action, setAction] = useState<CreditChange | null>(null)

  const rows = users.data?.pages.flatMap((page) => page.users) ?? []
  const searching = input.typing || (users.isFetching && !users.isFetchingNextPage && users.isPlaceholderData)
  const actions = {
    onOpen: (user: AdminUser) => setOpenedId(user._id),
    onAddCredits: (user: AdminUser) => setAction({ kind: 'add', user }),
    onRevokeCredits: (user: AdminUser) => setAction({ kind: 'revoke', user }),
  }

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('admin.users.search.label')}
        description={t('admin.users.search.description')}
        value={input.text}
        maxLength={USERS_SEARCH_MAX_LENGTH}
        onChange={(event) => input.setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={searching && users.data ? <Loader size="xs" aria-hidden /> : null}
        maw={480}
      />
      <UsersStatus
        shown={rows.length}
        more={users.hasNextPage}
        search={input.settled}
        busy={searching}
        loaded={users.data !== undefined}
      />
      {users.isError && <LoadFailedAlert title={t('admin.users.loadFailed')} query={users} />}
      {users.isPending && !users.isError ? (
        <Stack gap="xs" aria-hidden>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : (
        rows.length > 0 && (
          <UsersTable
            users={rows}
            sorting={sorting}
            onSort={(column: UserSort) => update(sortingAfterClick(sorting, column))}
            {...actions}
          />
        )
      )}
      {users.hasNextPage && (
        <Center>
          <Button variant="default" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            {t('admin.users.loadMore')}
          </Button>
        </Center>
      )}
      <UserDetailDrawer userId={openedId} onClose={() => setOpenedId(null)} {...actions} />
      <CreditChangeDialogs change={action} onClose={() => setAction(null)} />
    </Stack>
  )
}
