import { Button, Group, Paper } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { PublishSwitch } from './PublishSwitch.tsx'

interface ToolEditorActionsProps {
  /** The saved tool being edited; undefined for a new one. */
  tool: BuiltToolView | undefined
  isAdmin: boolean
  readOnly: boolean
  saving: boolean
  onAskDelete: () => void
}

/** The bar under the form: create or save, delete, and (for an admin) the catalogue switch. */
export function ToolEditorActions({ tool, isAdmin, readOnly, saving, onAskDelete }: ToolEditorActionsProps) {
  const { t } = useTranslation('admin')
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between">
        <Group>
          <Button type="submit" loading={saving} disabled={readOnly}>
            {tool ? t('builder.editor.saveChanges') : t('builder.editor.create')}
          </Button>
          {tool && (
            <Button variant="light" color="red" disabled={readOnly} onClick={onAskDelete}>
              {t('builder.editor.delete')}
            </Button>
          )}
        </Group>
        {isAdmin && tool && <PublishSwitch tool={tool} />}
      </Group>
    </Paper>
  )
}
