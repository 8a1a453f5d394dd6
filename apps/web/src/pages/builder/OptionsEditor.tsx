import { ActionIcon, Group, Input, Stack, TextInput } from '@mantine/core'
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs'

import { AddButton } from './AddButton.tsx'
import { fieldDomId } from './field-ids.ts'
import type { BuilderElementType } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

const HINTS: Partial<Record<BuilderElementType, string>> = {
  select: 'The choices of the list',
  tone: 'The tones to pick from; the first is chosen at the start',
  switch: 'Two options: the value sent when on, then when off',
  checkbox: 'The text shown beside the checkbox',
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
  return (
    // The group takes the focus when its message is the first to fix.
    <div id={fieldDomId(optionsPath)} tabIndex={-1} role="group" aria-label="Options">
      <Input.Wrapper
        labelElement="div"
        label="Options"
        description={HINTS[type] ?? 'Choices for this element, if it has any'}
        error={error}
      >
        <Stack gap="xs" mt={6}>
          {options.map((_, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                id={fieldDomId(`${optionsPath}.${index}`)}
                aria-label={`Option ${index + 1}`}
                placeholder={`Option ${index + 1}`}
                style={{ flex: 1 }}
                maxLength={200}
                {...form.getInputProps(`${optionsPath}.${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove option ${index + 1}`}
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
            Add option
          </AddButton>
        </Stack>
      </Input.Wrapper>
    </div>
  )
}
