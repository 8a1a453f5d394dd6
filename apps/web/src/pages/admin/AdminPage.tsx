import { Container, Stack, Tabs, Text, Title } from '@mantine/core'
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs'
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs'
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs'
import { lazy, Suspense } from 'react'

import { CenteredLoader } from '../../components/CenteredLoader.tsx'
import { usePageTitle } from '../../components/usePageTitle.ts'
import { ADMIN_TABS, type AdminTab } from './admin-search.ts'
import { useAdminSearch } from './useAdminSearch.ts'
import { useAdminText } from './useAdminText.ts'

/*
 * Each tab is a chunk of its own, fetched when opened: the entry chunk then lists one file for this
 * page rather than every piece the three tabs use (the home page's budget counts that list), and the
 * charts load only for the dashboard.
 */
const UsersTab = lazy(() => import('./users/UsersTab.tsx').then(({ UsersTab }) => ({ default: UsersTab })))
const PlansTab = lazy(() => import('./plans/PlansTab.tsx').then(({ PlansTab }) => ({ default: PlansTab })))
const DashboardTab = lazy(() =>
  import('./dashboard/DashboardTab.tsx').then(({ DashboardTab }) => ({ default: DashboardTab })),
)

/** /admin: the users and their credits, the plan offers, and the dashboard; the tab is kept in the address. */
export function AdminPage() {
  const { t } = useAdminText()
  usePageTitle(t('admin.page.title'))
  const { search, update } = useAdminSearch()
  const tab = search.tab ?? 'users'
  const select = (value: string | null) => {
    const next = ADMIN_TABS.find((known) => known === value)
    if (next) update({ tab: next === 'users' ? undefined : next })
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('admin.page.title')}</Title>
          <Text c="dimmed">{t('admin.page.intro')}</Text>
        </Stack>
        {/* Only the open tab is mounted: each tab's data is fetched when it is looked at. */}
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value={'users' satisfies AdminTab} leftSection={<IconUsers size={16} aria-hidden />}>
              {t('admin.page.tabs.users')}
            </Tabs.Tab>
            <Tabs.Tab value={'plans' satisfies AdminTab} leftSection={<IconReceipt size={16} aria-hidden />}>
              {t('admin.page.tabs.plans')}
            </Tabs.Tab>
            <Tabs.Tab value={'dashboard' satisfies AdminTab} leftSection={<IconChartBar size={16} aria-hidden />}>
              {t('admin.page.tabs.dashboard')}
            </Tabs.Tab>
          </Tabs.List>
          <Suspense fallback={<CenteredLoader label={t('admin.page.loadingTab')} />}>
            <Tabs.Panel value="users" pt="lg">
              <UsersTab />
            </Tabs.Panel>
            <Tabs.Panel value="plans" pt="lg">
              <PlansTab />
            </Tabs.Panel>
            <Tabs.Panel value="dashboard" pt="lg">
              <DashboardTab />
            </Tabs.Panel>
          </Suspense>
        </Tabs>
      </Stack>
    </Container>
  )
}
