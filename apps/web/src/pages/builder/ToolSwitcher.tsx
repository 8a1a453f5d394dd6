import { Button, Group, NativeSelect } from '@mantine/core'
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs'
import { Link, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { useBuilderToolChoices } from './useBuilderToolChoices.ts'

/**
 * The dropdown of existing tools (spec: it switches to /form?id={id}): the caller's own, and for an
 * admin the catalogue's too; and the way back to a new tool.
 */
export function ToolSwitcher({ isAdmin, currentId }: { isAdmin: boolean; currentId: string | undefined }) {
  const navigate = useNavigate()
  const { t } = useTranslation('admin')
  const { choices, pending } = useBuilderToolChoices(isAdmin)
  const known = currentId === undefined || choices.some((choice) => choice.id === currentId)
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label={isAdmin ? t('builder.switcher.adminLabel') : t('builder.switcher.userLabel')}
        value={known ? (currentId ?? '') : ''}
        disabled={pending}
        miw={260}
        onChange={(event) => {
          const id = event.currentTarget.value
          if (id !== '') void navigate({ to: '/form', search: { id } })
        }}
      >
        <option value="" disabled>
          {pending
            ? t('builder.switcher.loading')
            : choices.length === 0
              ? t('builder.switcher.empty')
              : t('builder.switcher.choose')}
        </option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </NativeSelect>
      {currentId !== undefined && (
        <Button component={Link} to="/form" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('builder.switcher.newTool')}
        </Button>
      )}
    </Group>
  )
}
