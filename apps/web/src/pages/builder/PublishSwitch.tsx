import { Switch } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { useIdentity } from '../../identity/identity-context.ts'
import { usePublishTool } from './useToolWrites.ts'

/**
 * An admin's catalogue switch for a saved tool: a user's personal tool goes into the catalogue, or
 * back out to its owner. A seeded tool has no owner to keep it, so it leaves only by being deleted.
 * Another user's tool that goes back out is private to them again, no longer the admin's to open:
 * the builder then starts a new tool.
 */
export function PublishSwitch({ tool }: { tool: Pick<BuiltToolView, 'id' | 'published' | 'ownerId'> }) {
  const navigate = useNavigate()
  const viewerId = useIdentity().user?.id
  const publish = usePublishTool((result) => {
    if (!result.published && tool.ownerId !== viewerId) void navigate({ to: '/form', search: {} })
  })
  const { t } = useTranslation('admin')
  const published = publish.isSuccess ? publish.data.published : tool.published
  const ownerless = tool.ownerId === null
  return (
    <Switch
      label={t('builder.publish.label')}
      // The label wraps the description too; the switch's name is its label alone.
      aria-label={t('builder.publish.label')}
      description={
        ownerless
          ? t('builder.publish.ownerless')
          : published
            ? t('builder.publish.public')
            : t('builder.publish.private')
      }
      checked={published}
      disabled={publish.isPending || (ownerless && published)}
      onChange={(event) => publish.mutate({ id: tool.id, published: event.currentTarget.checked })}
    />
  )
}
