import { Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { BookmarkButton } from '../../catalogue/BookmarkButton.tsx'
import { catalogueQueryOptions } from '../../catalogue/catalogue-queries.ts'
import { BOOKMARK_NAME_MAX_CHARS, PROFILE_BOOKMARK_COUNT } from '../../catalogue/constants.ts'
import { GenerateAction } from '../../catalogue/GenerateAction.tsx'
import { RefreshFailedNote } from '../../catalogue/RefreshFailedNote.tsx'
import { ToolLogo } from '../../catalogue/ToolLogo.tsx'
import { truncateText } from '../../catalogue/truncate.ts'
import { LoadFailedNote } from '../../components/LoadFailedNote.tsx'
import { SectionCard } from '../../components/SectionCard.tsx'
import { useTRPC } from '../../trpc/client.ts'
import classes from './profile.module.css'

/**
 * The profile's first 4 bookmarks (newest first): logo, name cut to 28 characters, Generate (new
 * tab) and the bookmark toggle, which takes the tool off this list (shown as removed in its place
 * until the toggle has settled, see useBookmarkToggle). View All opens My Tools.
 */
export function YourBookmarks() {
  const { t } = useTranslation('account')
  const trpc = useTRPC()
  const bookmarks = useQuery(trpc.bookmarks.list.queryOptions(undefined, catalogueQueryOptions))
  const shown = bookmarks.data?.slice(0, PROFILE_BOOKMARK_COUNT)
  const retry = () => void bookmarks.refetch()

  return (
    <SectionCard aria-labelledby="bookmarks-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          {/* Focusable from script only: it takes focus when the last bookmark shown is removed. */}
          <Title order={2} size="h3" id="bookmarks-heading" tabIndex={-1}>
            {t('profile.bookmarks.heading')}
          </Title>
          <Button
            renderRoot={(props) => <Link {...props} to="/" search={{ mytools: true }} />}
            variant="default"
            size="sm"
          >
            {t('profile.bookmarks.viewAll')}
          </Button>
        </Group>
        {shown === undefined ? (
          bookmarks.isError ? (
            <LoadFailedNote message={t('profile.bookmarks.loadFailed')} onRetry={retry} />
          ) : (
            <Stack gap="sm" aria-label={t('profile.bookmarks.loading')} role="status">
              {Array.from({ length: 2 }, (_, index) => (
                <Skeleton key={index} height={56} radius="md" />
              ))}
            </Stack>
          )
        ) : (
          <>
            {/* A failed background refresh keeps the bookmarks already shown. */}
            {bookmarks.isError && (
              <RefreshFailedNote
                message={t('profile.bookmarks.refreshFailed')}
                retrying={bookmarks.isFetching}
                retry={retry}
              />
            )}
            {shown.length > 0 ? (
              <ul
                className={classes.bookmarkList}
                data-testid="profile-bookmarks"
                aria-labelledby="bookmarks-heading"
                data-bookmark-list
              >
                {shown.map((tool) => (
                  <BookmarkRow key={tool.id} tool={tool} />
                ))}
              </ul>
            ) : (
              <Text c="dimmed">{t('profile.bookmarks.empty')}</Text>
            )}
          </>
        )}
      </Stack>
    </SectionCard>
  )
}

function BookmarkRow({ tool }: { tool: ToolCard }) {
  const { t } = useTranslation('account')
  const shortName = truncateText(tool.name, BOOKMARK_NAME_MAX_CHARS)
  // Unbookmarked but still listed: just removed, held in place until its toggle has settled.
  const removed = !tool.isBookmarked
  return (
    <li className={classes.bookmarkRow} data-removed={removed || undefined}>
      <ToolLogo src={tool.logo} name={tool.name} size={40} />
      <div className={classes.bookmarkText}>
        <Text
          fw={600}
          className={classes.bookmarkName}
          title={shortName === tool.name ? undefined : tool.name}
          data-testid="bookmark-name"
        >
          {shortName === tool.name ? (
            tool.name
          ) : (
            <>
              <span aria-hidden="true">{shortName}</span>
              <VisuallyHidden>{tool.name}</VisuallyHidden>
            </>
          )}
        </Text>
        {removed && (
          <Text size="xs" c="dimmed">
            {t('profile.bookmarks.removed')}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap" className={classes.bookmarkActions}>
        <GenerateAction tool={tool} size="xs" />
        <BookmarkButton tool={tool} />
      </Group>
    </li>
  )
}
