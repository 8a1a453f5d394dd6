import { ActionIcon, Group, Input, Stack, TextInput } from '@mantine/core'
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'

import { AddButton } from './AddButton.tsx'
import { fieldDomId } from './field-ids.ts'
import type { BuilderElementType } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

const HINTS: Partial<Record<BuilderElementType, ParseKeys<'admin'>>> = {
  select: 'builder.options.selectHint',
  tone: 'builder.options.toneHint',
  switch: 'builder.options.switchHint',
  checkbox: 'builder.options.checkboxHint',
}

/** An element's options (add, remove); blank ones are dropped when the tool is saved. */
export function OptionsEditor({
  form,
  path,
  type,
}: {
  form: ToolForm
  path: `groups.${number}.elements.${number}`
  type: BuilderElementType
}) {
  const optionsPath = `${path}.options` as const
  const options = form.getInputProps(optionsPath).value as string[]
  const { error } = form.getInputProps(optionsPath)
  const focus = useFocusAfterRender()
  const { t } = useTranslation('admin')
  return (
    // The group takes the focus when its message is the first to fix.
    <div id={fieldDomId(optionsPath)} tabIndex={-1} role="group" aria-label={t('builder.options.label')}>
      <Input.Wrapper
        labelElement="div"
        label={t('builder.options.label')}
        description={t(HINTS[type] ?? 'builder.options.hint')}
        error={error}
      >
        <Stack gap="xs" mt={6}>
          {options.map((_, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                id={fieldDomId(`${optionsPath}.${index}`)}
                aria-label={t('builder.options.option', { number: index + 1 })}
                placeholder={t('builder.options.option', { number: index + 1 })}
                style={{ flex: 1 }}
                maxLength={200}
                {...form.getInputProps(`${optionsPath}.${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('builder.options.remove', { number: index + 1 })}
                onClick={() => form.removeListItem(optionsPath, index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <AddButton
            size="xs"
            onClick={() => {
              form.insertListItem(optionsPath, '')
              focus(fieldDomId(`${optionsPath}.${options.length}`))
            }}
          >
            {t('builder.options.add')}
          </AddButton>
        </Stack>
      </Input.Wrapper>
    </div>
  )
}
