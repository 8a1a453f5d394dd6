import { Fieldset, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { AddButton } from './AddButton.tsx'
import { ElementEditor } from './ElementEditor.tsx'
import { fieldDomId } from './field-ids.ts'
import { MoveButtons } from './MoveButtons.tsx'
import { SortableItem } from './SortableItem.tsx'
import { SortableList } from './SortableList.tsx'
import { emptyElement, type GroupDraft } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

interface GroupEditorProps {
  form: ToolForm
  group: GroupDraft
  index: number
  handle: ReactNode
  actions: ReactNode
}

/** One group (a row of the generator's form): its elements, reordered by dragging or by the buttons. */
export function GroupEditor({ form, group, index, handle, actions }: GroupEditorProps) {
  const path = `groups.${index}.elements` as const
  const focus = useFocusAfterRender()
  const groupName = `Group ${index + 1}`
  const { error } = form.getInputProps(path)
  const move = (from: number, to: number) => form.reorderListItem(path, { from, to })
  const ids = group.elements.map((element) => element.key)
  const nameOf = (key: string) => `element ${ids.indexOf(key) + 1} of group ${index + 1}`

  return (
    <Fieldset legend={groupName} radius="lg" variant="filled">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          {handle}
          {actions}
        </Group>
        <SortableList ids={ids} describe={nameOf} onMove={move}>
          <Stack gap="md">
            {group.elements.map((element, position) => (
              <SortableItem key={element.key} id={element.key} handleLabel={`Drag ${nameOf(element.key)}`}>
                {(elementHandle) => (
                  <ElementEditor
                    form={form}
                    group={index}
                    index={position}
                    element={element}
                    legend={`${groupName}, element ${position + 1}`}
                    handle={elementHandle}
                    actions={
                      <MoveButtons
                        name={nameOf(element.key)}
                        index={position}
                        count={group.elements.length}
                        onMove={move}
                        onRemove={() => form.removeListItem(path, position)}
                      />
                    }
                  />
                )}
              </SortableItem>
            ))}
          </Stack>
        </SortableList>
        {error && (
          <Text id={fieldDomId(path)} tabIndex={-1} c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <AddButton
          size="sm"
          onClick={() => {
            form.insertListItem(path, emptyElement())
            focus(fieldDomId(`${path}.${group.elements.length}.text`))
          }}
        >
          Add element to {groupName.toLowerCase()}
        </AddButton>
      </Stack>
    </Fieldset>
  )
}
