import { Anchor, Group } from '@mantine/core'
import IconTableShortcut from '@tabler/icons-react/dist/esm/icons/IconTableShortcut.mjs'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * "Run on many rows": the way from a tool that runs in bulk (a text tool, the image tool, text to
 * audio) to a new bulk run with it, the rows of a CSV file. /bulk signs a visitor in first.
 */
export function RunOnManyRowsLink({ toolId }: { toolId: string }) {
  const { t } = useTranslation('generator')
  return (
    <Group justify="flex-end" mt="md">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/bulk" search={{ tool: toolId }} />}>
        <Group gap={6} component="span" wrap="nowrap">
          <IconTableShortcut size={16} aria-hidden />
          {t('bulk.runOnManyRows')}
        </Group>
      </Anchor>
    </Group>
  )
}
